import {
  ALERT_CHANNEL_LABELS,
  type AlertChannelKind,
  type AlertChannelStatus,
  CHANNEL_MESSAGES,
  channelSelectable,
} from '@gowild/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { channelsQueryOptions } from '../api/channels';

/** The channels shown as choices: e-mail always; the others the server has (web push only when it is built in). */
const ORDER: AlertChannelKind[] = ['email', 'push', 'telegram', 'discord'];

/**
 * The channel choice of the create form and the alert modal (docs/product/alerts.md#channels): one checkbox per
 * channel; only channels the user has set up (and not broken) can be ticked; e-mail always.
 */
export function ChannelChoice({ value, onChange }: { value: AlertChannelKind[]; onChange: (v: AlertChannelKind[]) => void }) {
  const channels = useQuery(channelsQueryOptions());
  const id = useId();
  const statusOf = (kind: AlertChannelKind): AlertChannelStatus | undefined => channels.data?.find((c) => c.channel === kind);
  const shown = ORDER.filter((k) => k === 'email' || statusOf(k)?.enabled);
  const toggle = (kind: AlertChannelKind, on: boolean) => onChange(on ? [...value, kind] : value.filter((k) => k !== kind));
  return (
    <fieldset aria-describedby={`${id}-hint`} data-testid="channel-choice">
      <legend className="text-sm font-medium text-slate-800">Send this alert by</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {shown.map((kind) => {
          const status = statusOf(kind);
          const selectable = kind === 'email' || (status !== undefined && channelSelectable(status));
          const broken = status?.targets.some((t) => t.broken_reason !== null) && !selectable;
          return (
            <label key={kind} className={`flex items-center gap-2 text-sm ${selectable ? 'text-slate-800' : 'text-slate-400'}`}>
              <input
                type="checkbox"
                checked={value.includes(kind)}
                disabled={!selectable}
                onChange={(e) => toggle(kind, e.target.checked)}
                className="size-4 rounded border-slate-300 accent-brand-700"
              />
              {ALERT_CHANNEL_LABELS[kind]}
              {!selectable ? <span className="text-xs">({broken ? 'broken' : 'not set up'})</span> : null}
            </label>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {value.length === 0 ? (
          <span className="text-red-600" role="alert">
            {CHANNEL_MESSAGES.channelsRequired}
          </span>
        ) : (
          'Set up Telegram or Discord under Channels on Flight Notifications. SMS is coming soon.'
        )}
      </p>
    </fieldset>
  );
}
