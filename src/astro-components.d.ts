/**
 * `.astro` imports as plain `tsc --noEmit` sees them (it cannot read Astro files): a component that
 * takes props. `astro check` reads the files themselves and checks each component's props.
 */
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
