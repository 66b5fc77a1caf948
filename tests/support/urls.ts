/** URL helpers for the end-to-end tests: each brand answers on <id>.localhost at the test port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4610);

/**
 * The ports of the extra stacks some specs start, as offsets from E2E_PORT, in one place: two specs
 * running at once on the same port answered each other's requests (platform-down polled the
 * operations spec's lobby, which then shut down). A cluster takes its port and up to +21.
 */
export const EXTRA_STACK_PORTS = {
  /** production.spec: the lobby, and the platform on the next port. */
  production: E2E_PORT + 30,
  /** operations.spec: the lobby stopped with SIGTERM. */
  shutdown: E2E_PORT + 40,
  /** platform-down.spec: the lobby; nothing listens on the next port. */
  platformDown: E2E_PORT + 44,
  /** cluster.spec: the first cluster (HAProxy +0 to +3, lobbies +10, platforms +20). */
  cluster: E2E_PORT + 50,
  /** cluster.spec: the second cluster. */
  secondCluster: E2E_PORT + 80,
  /** cluster.spec: the third cluster (a scheduled content publish). */
  thirdCluster: E2E_PORT + 110,
} as const;

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
