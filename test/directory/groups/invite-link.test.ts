import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkInviteLink } from '../../../src/directory/groups/invite-link.js';

const ok = (platform: string, link: string) =>
  assert.equal(checkInviteLink(platform, link).ok, true, `${platform} ${link}`);
const refused = (platform: string, link: string) =>
  assert.equal(checkInviteLink(platform, link).ok, false, `${platform} ${link}`);

describe('checkInviteLink', () => {
  test('accepts the invite links of each known platform', () => {
    ok('WhatsApp', 'https://chat.whatsapp.com/AbCdEf123');
    ok('whatsapp', 'https://whatsapp.com/channel/0029Va');
    ok('Telegram', 'https://t.me/joinchat/AbCd');
    ok('telegram', 'https://telegram.me/somegroup');
    ok('Discord', 'https://discord.gg/abc');
    ok('Discord', 'https://discord.com/invite/abc');
    ok('Signal', 'https://signal.group/#CjQKIAbc');
    ok('Matrix', 'https://matrix.to/#/#room:example.org');
    ok('LINE', 'https://line.me/ti/g2/abc');
  });

  test('refuses a link to another platform or without a group in it', () => {
    refused('WhatsApp', 'https://t.me/somegroup');
    refused('Telegram', 'https://chat.whatsapp.com/AbCd');
    refused('Discord', 'https://discord.com/channels/1/2');
    refused('Discord', 'https://discord.gg/');
    refused('WhatsApp', 'https://chat.whatsapp.com.evil.example/AbCd');
    refused('WhatsApp', 'https://whatsapp.com/AbCd');
  });

  test('a query or fragment alone names no group where the code belongs in the path', () => {
    refused('WhatsApp', 'https://chat.whatsapp.com/?x=1');
    refused('WhatsApp', 'https://chat.whatsapp.com/#AbCd');
    refused('WhatsApp', 'https://whatsapp.com/channel/?id=1');
    refused('Telegram', 'https://t.me/?start=1');
    refused('Telegram', 'https://t.me/#group');
    refused('Telegram', 'https://t.me/joinchat/');
    refused('Telegram', 'https://t.me/+');
    refused('Discord', 'https://discord.gg/?invite=abc');
    refused('Discord', 'https://discord.com/invite/#abc');
    refused('LINE', 'https://line.me/?g=abc');
    refused('Slack', 'https://join.slack.com/?t=abc');
    refused('KakaoTalk', 'https://open.kakao.com/#abc');
    ok('Telegram', 'https://t.me/+AbCdEf');
    ok('Telegram', 'https://t.me/joinchat/AbCdEf');
    ok('Slack', 'https://join.slack.com/t/workspace/shared_invite/zt-abc');
    ok('KakaoTalk', 'https://open.kakao.com/o/gAbCdEf');
  });

  test('Signal and Matrix carry the group in the fragment, and only there', () => {
    ok('Signal', 'https://signal.group/#CjQKIAbc');
    refused('Signal', 'https://signal.group/CjQKIAbc');
    refused('Signal', 'https://signal.group/?g=CjQKIAbc');
    refused('Signal', 'https://signal.group/#');
    refused('Signal', 'https://signal.group/x#CjQKIAbc');
    ok('Matrix', 'https://matrix.to/#/!abcdef:example.org');
    ok('Matrix', 'https://matrix.to/#/%23room:example.org');
    refused('Matrix', 'https://matrix.to/#/');
    refused('Matrix', 'https://matrix.to/#/#');
    refused('Matrix', 'https://matrix.to/#/room:example.org');
    refused('Matrix', 'https://matrix.to/room?via=example.org');
    refused('Matrix', 'https://matrix.to/?x=#room:example.org');
  });

  test('Viber carries the group in a query parameter', () => {
    ok('Viber', 'https://invite.viber.com/?g2=AQBkVx');
    ok('Viber', 'https://invite.viber.com/?g=AQBkVx');
    refused('Viber', 'https://invite.viber.com/?x=1');
    refused('Viber', 'https://invite.viber.com/#g2=AQBkVx');
    refused('Viber', 'https://invite.viber.com/');
  });

  test('a platform named in disguise is held to its own hosts', () => {
    refused('WhatsApp\u200b', 'https://evil.example/phish');
    refused('Wh\u0430tsApp', 'https://evil.example/phish');
    refused('WhatsApp.', 'https://evil.example/phish');
    refused('Te1egram', 'https://evil.example/phish');
  });

  test('refuses anything but https, whatever the platform', () => {
    for (const platform of ['WhatsApp', 'Guilded', 'Some Forum']) {
      refused(platform, 'http://chat.whatsapp.com/AbCd');
      refused(platform, 'javascript:alert(1)');
      refused(platform, 'data:text/html,<b>hi</b>');
      refused(platform, 'not a url');
      refused(platform, 'https://user:pass@chat.whatsapp.com/AbCd');
    }
  });

  test('an unknown platform takes any https URL', () => {
    ok('Guilded', 'https://www.guilded.gg/i/abc');
    ok('My Forum', 'https://forum.example.org/join');
  });

  test('returns the parsed link with surrounding space removed and the host lower-cased', () => {
    assert.deepEqual(checkInviteLink('Telegram', '  https://T.ME/Group  '), {
      ok: true,
      url: 'https://t.me/Group',
    });
  });

  test('explains what a fitting link looks like', () => {
    const result = checkInviteLink('Discord', 'https://example.org/x');
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.message : '', /Discord invite link.*discord\.gg/);
  });
});
