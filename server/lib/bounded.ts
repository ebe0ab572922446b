/**
 * Waits for a shutdown step at most `ms`; past that, reports it and goes on. A pool whose
 * connections the database dropped can wait forever for a client that will never come back,
 * and a shutdown (or a test's teardown) must finish regardless.
 */
export async function bounded(step: Promise<unknown>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  try {
    if ((await Promise.race([step.then(() => 'done' as const), late])) === 'late') onTimeout();
  } finally {
    clearTimeout(timer);
  }
}
