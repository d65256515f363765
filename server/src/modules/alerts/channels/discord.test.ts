import { CHANNEL_MESSAGES } from '@gowild/contract/notifications';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, discordBody, isPrivateAddress } from './discord';

const rules = (addresses: string[]) => ({
  hosts: ['discord.com', 'ptb.discord.com'],
  testHosts: [],
  resolve: async () => addresses,
});

describe('Discord webhook addresses (decision 209)', () => {
  it('accepts https on an allowed host with the webhook path, and masks the token', async () => {
    const ok = await checkWebhookUrl('  https://discord.com/api/webhooks/123456789/AbC-def_ghij1234/  ', rules(['162.159.135.232']));
    expect(ok).toEqual({
      url: 'https://discord.com/api/webhooks/123456789/AbC-def_ghij1234',
      id: '123456789',
      label: 'discord.com/api/webhooks/123456789/••••1234',
    });
    expect(await checkWebhookUrl('https://ptb.discord.com/api/v10/webhooks/1/t', rules(['162.159.135.232']))).toMatchObject({ id: '1' });
  });

  it('refuses a host that resolves to any private, loopback or link-local address', async () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '172.20.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(await checkWebhookUrl('https://discord.com/api/webhooks/1/t', rules(['162.159.135.232', address])), address).toEqual({
        error: CHANNEL_MESSAGES.discordPrivateAddress,
      });
    }
    expect(await checkWebhookUrl('https://discord.com/api/webhooks/1/t', rules([]))).toEqual({
      error: CHANNEL_MESSAGES.discordUnresolvable,
    });
  });

  it('refuses other hosts, http, ports, credentials and other paths', async () => {
    const r = rules(['162.159.135.232']);
    expect(await checkWebhookUrl('https://discord.com.evil.io/api/webhooks/1/t', r)).toEqual({
      error: CHANNEL_MESSAGES.discordHostRefused('discord.com.evil.io'),
    });
    expect(await checkWebhookUrl('https://10.0.0.1/api/webhooks/1/t', r)).toEqual({
      error: CHANNEL_MESSAGES.discordHostRefused('10.0.0.1'),
    });
    for (const bad of [
      'http://discord.com/api/webhooks/1/t',
      'https://discord.com:8443/api/webhooks/1/t',
      'https://user:pw@discord.com/api/webhooks/1/t',
      'https://discord.com/api/webhooks/abc/t',
      'https://discord.com/api/webhooks/1/t/slack',
    ])
      expect(await checkWebhookUrl(bad, r), bad).toEqual({ error: CHANNEL_MESSAGES.discordUrlInvalid });
  });

  it('tells public addresses from private ones', () => {
    expect(['8.8.8.8', '162.159.135.232', '2606:4700::6810:84e5'].map(isPrivateAddress)).toEqual([false, false, false]);
    expect(['0.0.0.0', '100.64.0.1', '224.0.0.1', '::', 'not-an-ip'].map(isPrivateAddress)).toEqual([true, true, true, true, true]);
  });

  it("writes Discord's execute-webhook body: content, one embed within its limits, no mentions", () => {
    const body = discordBody({ kind: 'match', title: 'Fare found @everyone', text: 'x'.repeat(5000), url: 'https://app.example/?a=1' });
    expect(body.content).toBe('Fare found @everyone');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds[0]!.description).toHaveLength(4096);
    expect(body.embeds[0]).toMatchObject({ title: 'Fare found @everyone', url: 'https://app.example/?a=1' });
  });
});
