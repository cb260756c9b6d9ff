/**
 * Runs `work` (one whole transaction) again when SQLite answers SQLITE_BUSY ("database is
 * locked"), up to `attempts` times. Another connection to the same file (a second instance,
 * a CLI) can hold the write lock longer than the busy timeout waits, or write between this
 * transaction's read and its write, which SQLite refuses at once; the transaction is then
 * taken again from the start. Other errors, and PostgreSQL's, pass straight through.
 */
export async function retriedWhileSqliteBusy<T>(
  work: () => Promise<T>,
  attempts: number,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? '');
      if (!code.startsWith('SQLITE_BUSY') || attempt >= attempts) throw error;
    }
  }
}
