/** URL helpers for the end-to-end tests: each brand answers on <id>.localhost at the test port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4610);

/** The origin of a brand on the test server. */
export function brandOrigin(brand: string, port = E2E_PORT): string {
  return `http://${brand}.localhost:${port}`;
}

/** Headers that make a request to 127.0.0.1 reach a brand (Node does not resolve *.localhost). */
export function brandHost(brand: string, port = E2E_PORT): { host: string } {
  return { host: `${brand}.localhost:${port}` };
}

/** The lobby's loopback origin, for API requests that set the Host header themselves. */
export const LOOPBACK = `http://127.0.0.1:${E2E_PORT}`;
