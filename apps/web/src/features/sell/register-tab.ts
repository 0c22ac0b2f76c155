import { useCallback, useEffect, useRef, useState } from 'react';
import { newUuid } from '../../lib/uuid.ts';

/**
 * One browser tab sells on a register at a time (decision 011). Two tabs on one register would
 * share its saved cart and sell one sale twice over, so the tab that sells holds the register:
 * its id is kept in localStorage (the truth every tab reads) and it answers on a BroadcastChannel
 * when another tab asks whether it is still there. Both work on plain HTTP, where the Web Locks API
 * does not exist.
 *
 * A tab that opens the register while another holds it is paused and says so; the cashier may take
 * the register over, and the other tab pauses. A holder that is gone (closed, crashed) answers no
 * more, so after a short wait the new tab takes the register by itself.
 */
export type RegisterTab = {
  /** null while asking whether another tab holds the register. */
  isHolder: boolean | null;
  /** Takes the register over from the other tab, which pauses. */
  takeOver: () => void;
  /** Asked right before a sale is sent: still this tab's register? */
  holdsRegister: () => boolean;
};

type Message = { kind: 'ping' } | { kind: 'pong'; tabId: string } | { kind: 'taken'; tabId: string };

/** How long an opening tab waits for the holder to answer before it takes the register. */
export const HOLDER_ANSWER_MS = 400;
/** How often a tab checks that it still holds the register (storage events can be missed). */
const CHECK_MS = 2000;

export function registerTabKey(registerId: number): string {
  return `tillbook.sell.tab.${registerId}`;
}

function readHolder(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeHolder(key: string, tabId: string | null): void {
  try {
    if (tabId === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, tabId);
  } catch {
    // Storage blocked: every tab then sells on its own, as before this guard.
  }
}

function openChannel(registerId: number): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`tillbook.sell.register.${registerId}`);
}

export function useRegisterTab(registerId: number): RegisterTab {
  const key = registerTabKey(registerId);
  const [tabId] = useState(newUuid);
  const channelRef = useRef<BroadcastChannel | null>(null);
  const [isHolder, setIsHolder] = useState<boolean | null>(null);

  const claim = useCallback(() => {
    writeHolder(key, tabId);
    channelRef.current?.postMessage({ kind: 'taken', tabId } satisfies Message);
    setIsHolder(true);
  }, [key, tabId]);

  useEffect(() => {
    const channel = openChannel(registerId);
    channelRef.current = channel;
    let answered = false;
    const recheck = () => setIsHolder((current) => (current === null ? null : readHolder(key) === tabId));

    channel?.addEventListener('message', (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message.kind === 'ping' && readHolder(key) === tabId) channel.postMessage({ kind: 'pong', tabId } satisfies Message);
      else if (message.kind === 'pong' && message.tabId === readHolder(key)) answered = true;
      else if (message.kind === 'taken' && message.tabId !== tabId) setIsHolder((current) => (current === null ? null : false));
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) recheck();
    };
    window.addEventListener('storage', onStorage);
    const timer = window.setInterval(recheck, CHECK_MS);

    // Free the register when the tab goes (closed, reloaded, navigated away) so the next one needs no wait.
    const release = () => {
      if (readHolder(key) === tabId) writeHolder(key, null);
    };
    window.addEventListener('pagehide', release);

    let waiting: number | undefined;
    const holder = readHolder(key);
    if (holder === null || holder === tabId || !channel) {
      // Nobody else holds it: take it on the next tick (state is set from a callback, not the effect).
      waiting = window.setTimeout(claim, 0);
    } else {
      channel.postMessage({ kind: 'ping' } satisfies Message);
      waiting = window.setTimeout(() => {
        // Someone may have claimed it meanwhile (a third tab): only a silent holder is taken over.
        if (answered || readHolder(key) !== holder) setIsHolder(readHolder(key) === tabId);
        else claim();
      }, HOLDER_ANSWER_MS);
    }

    return () => {
      window.clearTimeout(waiting);
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', release);
      release();
      channel?.close();
      channelRef.current = null;
    };
  }, [registerId, key, tabId, claim]);

  const holdsRegister = useCallback(() => readHolder(key) === tabId, [key, tabId]);
  return { isHolder, takeOver: claim, holdsRegister };
}
