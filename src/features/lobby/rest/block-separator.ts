/**
 * What the later blocks' HTML carries before each block (an HTML comment, so it is inert anywhere):
 * the browser splits there and parses one block per task instead of all in one long task. A module
 * of its own, so the browser's script imports nothing else with it.
 */
export const BLOCK_SEPARATOR = '<!--atrium:lobby-block-->';
