import { ALERT_CHANNEL_LABELS, type AlertChannelStatus, type TelegramLinkStart } from '@gowild/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast/toast-store';
import { channelsQueryOptions, useRemoveDiscord, useSaveDiscord, useStartTelegramLink, useUnlinkTelegram } from '../api/channels';
import { alertErrorText } from '../api/create-notification';

/**
 * The Channels panel of /notifications (docs/product/alerts.md#channels): e-mail (the account's address), Telegram
 * (link with the bot, unlink), Discord (paste a channel webhook, remove), each target's broken mark with its reason.
 */
export function ChannelsPanel() {
  const [pending, setPending] = useState<TelegramLinkStart | null>(null);
  const channels = useQuery(channelsQueryOptions(pending !== null && !pending.linked));
  const ids = useId();
  const of = (kind: AlertChannelStatus['channel']) => channels.data?.find((c) => c.channel === kind);
  const telegram = of('telegram');
  const linked = (telegram?.targets.length ?? 0) > 0;
  if (pending && linked && !pending.linked) setPending(null);

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="channels-panel"
    >
      <h2 id={`${ids}-title`} className="text-lg font-bold text-slate-900">
        Channels
      </h2>
      <p className="mt-1 text-sm text-slate-600">Where your alerts can reach you. Choose the channels for each alert when you create it.</p>
      {channels.error ? <Notice tone="error">{channels.error.message}</Notice> : null}
      <ul className="mt-4 divide-y divide-slate-100">
        <ChannelRow status={of('email')} title={ALERT_CHANNEL_LABELS.email} empty="Your account's address" />
        <ChannelRow status={telegram} title={ALERT_CHANNEL_LABELS.telegram} empty="Not linked">
          <TelegramControls linked={linked} pending={pending} onPending={setPending} />
        </ChannelRow>
        <ChannelRow status={of('discord')} title={ALERT_CHANNEL_LABELS.discord} empty="No webhook saved">
          <DiscordControls saved={(of('discord')?.targets.length ?? 0) > 0} />
        </ChannelRow>
      </ul>
    </section>
  );
}

function ChannelRow({
  status,
  title,
  empty,
  children,
}: {
  status: AlertChannelStatus | undefined;
  title: string;
  empty: string;
  children?: React.ReactNode;
}) {
  return (
    <li className="py-3" data-testid={`channel-${status?.channel ?? title.toLowerCase()}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {title}
          {status?.demo ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">Demo</span> : null}
        </h3>
        <div className="min-w-0 text-sm text-slate-700">
          {status && status.targets.length > 0
            ? status.targets.map((t) => (
                <p key={t.id} className="break-all" data-testid="channel-target">
                  {t.label}
                  {t.broken_reason ? (
                    <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800" title={t.broken_reason}>
                      Broken: {t.broken_reason}
                    </span>
                  ) : null}
                </p>
              ))
            : empty}
        </div>
      </div>
      {children}
    </li>
  );
}

function TelegramControls({
  linked,
  pending,
  onPending,
}: {
  linked: boolean;
  pending: TelegramLinkStart | null;
  onPending: (p: TelegramLinkStart | null) => void;
}) {
  const start = useStartTelegramLink();
  const unlink = useUnlinkTelegram();
  const fail = (error: unknown) =>
    showToast({ type: 'error', title: 'Error', message: alertErrorText(error, 'Telegram could not be changed') });
  if (linked)
    return (
      <Button
        variant="secondary"
        size="xs"
        className="mt-2"
        isLoading={unlink.isPending}
        onClick={() => unlink.mutate(undefined, { onSuccess: (r) => showToast({ type: 'success', title: r.message }), onError: fail })}
      >
        Unlink Telegram
      </Button>
    );
  return (
    <div className="mt-2 space-y-2 text-sm">
      {pending && !pending.linked ? (
        <p className="text-slate-700" data-testid="telegram-pending">
          Open{' '}
          <a className="font-medium break-all text-brand-700 underline" href={pending.link} target="_blank" rel="noreferrer">
            {pending.link}
          </a>{' '}
          and press Start in Telegram. The link works once, for 15 minutes; this page notices when the chat is linked.
        </p>
      ) : null}
      <Button size="xs" isLoading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: onPending, onError: fail })}>
        Link Telegram
      </Button>
    </div>
  );
}

function DiscordControls({ saved }: { saved: boolean }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDiscord();
  const remove = useRemoveDiscord();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(url, {
      onSuccess: (r) => {
        setUrl('');
        showToast({ type: 'success', title: r.message });
      },
      onError: (err) => setError(alertErrorText(err, 'The webhook could not be saved')),
    });
  };
  return (
    <div className="mt-2 space-y-2">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="min-w-0 flex-1">
          <TextField
            label={saved ? 'Replace the webhook address' : 'Channel webhook address'}
            type="url"
            placeholder="https://discord.com/api/webhooks/…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={error ?? undefined}
            hint="Discord: channel settings → Integrations → Webhooks → Copy Webhook URL. A test message is sent when you save."
          />
        </div>
        <Button type="submit" size="sm" isLoading={save.isPending}>
          Save webhook
        </Button>
      </form>
      {saved ? (
        <Button
          variant="secondary"
          size="xs"
          isLoading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: (r) => showToast({ type: 'success', title: r.message }),
              onError: (err) =>
                showToast({ type: 'error', title: 'Error', message: alertErrorText(err, 'The webhook could not be removed') }),
            })
          }
        >
          Remove webhook
        </Button>
      ) : null}
    </div>
  );
}
