/**
 * Resolves in a task of its own, so the page can draw and answer input in between. A message
 * to itself rather than a timer: timers in a background tab wait a second each.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
