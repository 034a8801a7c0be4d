/**
 * Calls to a port whose adapter loads later (after the first paint, to keep the first screen's bundle
 * small): made before it arrives, they are kept in order and replayed into it; afterwards they go
 * straight through. If it fails to load, `onFailure` learns how many were dropped, and later calls are
 * dropped quietly. `current` is the adapter once it has arrived.
 */
export function deferCalls<Port>(
  adapter: Promise<Port>,
  onFailure: (dropped: number) => void,
): { later: (call: (port: Port) => void) => void; current: () => Port | undefined } {
  let ready: Port | undefined;
  let failed = false;
  let pending: ((port: Port) => void)[] = [];
  adapter.then(
    (port) => {
      ready = port;
      for (const call of pending) call(port);
      pending = [];
    },
    () => {
      failed = true;
      onFailure(pending.length);
      pending = [];
    },
  );
  return {
    later: (call) => {
      if (ready) call(ready);
      else if (!failed) pending.push(call);
    },
    current: () => ready,
  };
}
