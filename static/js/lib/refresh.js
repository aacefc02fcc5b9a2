// One load at a time, applied in the order asked: a call made while a load is under way is
// answered by one more load after it (however many calls came meanwhile), so what a later
// call shows is never replaced by an older answer.
export function oneAtATime(load) {
  let running = null;
  let queued = null;
  const run = () => {
    if (!running) {
      running = Promise.resolve().then(load).finally(() => { running = null; });
      return running;
    }
    if (!queued) {
      queued = running.catch(() => {}).then(() => {
        queued = null;
        return run();
      });
    }
    return queued;
  };
  return run;
}
