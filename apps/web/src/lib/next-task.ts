/**
 * Resolves in a new task, after the tasks already waiting (a key, a scan's message to the worker):
 * long work awaits it between slices. A message to itself, not `setTimeout(0)`, which browsers hold
 * back 4 ms once called in a row (hundreds of slices would sit idle for seconds).
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
