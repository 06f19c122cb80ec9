import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { presenceRepeatSeconds, type TicketPresenceUser } from '@casedesk/shared';
import { useSession } from '../../../platform/auth-store';
import { useLiveEvent } from '../../../platform/http/live-events';
import { sendTicketPresence } from '../api';

/**
 * Says the page has ticket `ticketId` open (and whether the user is typing) on open, every 30 s, at once when
 * `editing` changes and after the stream reopened; leaves on unmount. Answers the others on the ticket now.
 */
export function useTicketPresence(ticketId: number, editing: boolean): TicketPresenceUser[] {
  const me = useSession().userInfo?.userId;
  const [users, setUsers] = useState<TicketPresenceUser[]>([]);
  const editingNow = useRef(editing);
  editingNow.current = editing;
  const say = (open = true) =>
    sendTicketPresence({ id: ticketId, editing: editingNow.current, open })
      .then((answer) => open && setUsers(answer.users))
      .catch(() => undefined); // presence is a courtesy: a failed call is tried again in 30 s

  useEffect(() => {
    if (!ticketId) return;
    void say();
    const timer = setInterval(() => void say(), presenceRepeatSeconds * 1000);
    return () => {
      clearInterval(timer);
      void say(false);
      setUsers([]);
    };
  }, [ticketId]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else if (ticketId) void say();
  }, [editing]);
  useLiveEvent('ticket.presence', (data) => data.ticketId === ticketId && setUsers(data.users));
  useLiveEvent('open', () => ticketId && void say());
  return users.filter((user) => user.id !== me);
}

/**
 * The newest rowVersion the stream announced for ticket `ticketId` since the page loaded `loaded`: a number
 * greater than `loaded` means someone else changed it meanwhile (a comment announces the same rowVersion).
 */
export function useTicketChanged(ticketId: number, onChanged: (rowVersion: number) => void): void {
  useLiveEvent('ticket.changed', (data) => data.id === ticketId && onChanged(data.rowVersion));
}

/** Saved views' counts (another screen's key, `['TicketView', 'Counts', ...]`) are refreshed at most this often. */
const countsEveryMs = 2000;

/** On any ticket change the saved views' counts are fetched again, at most once per 2 s. */
export function useRefreshViewCounts(): void {
  const client = useQueryClient();
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useLiveEvent('ticket.changed', () => {
    if (pending.current) return;
    const wait = Math.max(0, last.current + countsEveryMs - Date.now());
    pending.current = setTimeout(() => {
      pending.current = undefined;
      last.current = Date.now();
      void client.invalidateQueries({ predicate: (query) => isViewCountsKey(query.queryKey) });
    }, wait);
  });
}

/** `['TicketView', 'Counts', …]`, also under the resource prefix (`['resource', 'TicketView', 'Counts', …]`). */
export function isViewCountsKey(key: readonly unknown[]): boolean {
  const at = key.indexOf('TicketView');
  return at >= 0 && at <= 1 && key[at + 1] === 'Counts';
}

/** Typing stops counting after this long without a keystroke. */
const idleMs = 15_000;

/** Whether the user is typing: `touch` on each keystroke, `done` when sent or emptied; idle time ends it too. */
export function useTyping(): { typing: boolean; touch: () => void; done: () => void } {
  const [typing, setTyping] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(idle.current), []);
  return {
    typing,
    touch: () => {
      setTyping(true);
      clearTimeout(idle.current);
      idle.current = setTimeout(() => setTyping(false), idleMs);
    },
    done: () => {
      clearTimeout(idle.current);
      setTyping(false);
    },
  };
}
