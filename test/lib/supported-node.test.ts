import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsupportedNodeMessage } from '../../src/lib/supported-node.js';

describe('unsupportedNodeMessage', () => {
  it('accepts the supported LTS lines from 22.12 on', () => {
    for (const version of ['22.12.0', 'v22.23.3', '24.21.0', '26.10.0', '27.0.0']) {
      assert.equal(unsupportedNodeMessage(version), undefined, version);
    }
  });

  it('refuses older lines with a message that names the needed and the running version', () => {
    assert.equal(
      unsupportedNodeMessage('v20.20.2')?.split('. ')[0],
      'Kizuna needs Node.js 22.12 or later; this is 20.20.2',
    );
    for (const version of ['22.11.0', '21.7.3', '18.20.0']) {
      assert.match(unsupportedNodeMessage(version) ?? '', /needs Node\.js 22\.12 or later/, version);
    }
  });

  it('the running Node is supported (the suite itself must run on a supported line)', () => {
    assert.equal(unsupportedNodeMessage(process.versions.node), undefined);
  });
});
