export const root: string;
/** How Node runs the server and its command-line tools (server/node-flags.json). */
export function serverNode(): {
  flags: string[];
  env(own?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
};
