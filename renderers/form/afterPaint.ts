/**
 * Runs `run` once after the next painted frame: work an input caused that its own frame need not
 * wait for (the form taking a typed key, the totals of the lines). Where no frame comes (a hidden
 * page) it runs after 100 ms.
 */
export function afterPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const timer = setTimeout(once, 100);
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      once();
    };
    channel.port2.postMessage(null);
  });
}
