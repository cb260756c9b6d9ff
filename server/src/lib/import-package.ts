/**
 * import() of an ES-module package. The built server runs its bundle through node:vm (from
 * V8's code cache, launch.ts), where an import() in the bundle would need an experimental
 * loader option; there the launcher lends its own import, which resolves packages from the
 * same folder. Everywhere else (tests, tsx, the other entries) it is a plain import().
 */
export function importPackage<T>(name: string): Promise<T> {
  const lent = (globalThis as { backbeatImport?: (name: string) => Promise<unknown> })
    .backbeatImport;
  return (lent ? lent(name) : import(name)) as Promise<T>;
}
