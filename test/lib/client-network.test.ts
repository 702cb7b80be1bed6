import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { clientNetwork, requestClientNetwork } from '../../src/lib/client-network.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, also when IPv6-mapped', () => {
    assert.equal(clientNetwork('203.0.113.7'), '203.0.113.7');
    assert.equal(clientNetwork('::ffff:203.0.113.7'), '203.0.113.7');
  });
  it('counts an IPv6 address by its /64, the block one subscriber gets', () => {
    assert.equal(clientNetwork('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(clientNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.notEqual(clientNetwork('2001:db8:1:3::1'), clientNetwork('2001:db8:1:2::1'));
  });
  it('passes something that is no address through unchanged', () => {
    assert.equal(clientNetwork('not-an-address'), 'not-an-address');
  });
});

describe('requestClientNetwork', () => {
  const requestFrom = (ip: string, remoteAddress = '198.51.100.1') =>
    ({ ip, socket: { remoteAddress } }) as unknown as FastifyRequest;

  it('counts a request by the network of its client address', () => {
    assert.equal(requestClientNetwork(requestFrom('203.0.113.7')), '203.0.113.7');
    assert.equal(requestClientNetwork(requestFrom('::ffff:203.0.113.7')), '203.0.113.7');
    assert.equal(requestClientNetwork(requestFrom('2001:db8:1:2::1')), '2001:db8:1:2::/64');
  });
  it('counts a forwarded "address" that is no address against the socket peer', () => {
    assert.equal(requestClientNetwork(requestFrom('made-up', '198.51.100.1')), '198.51.100.1');
    assert.equal(requestClientNetwork(requestFrom('unknown', '2001:db8:9:9::5')), '2001:db8:9:9::/64');
  });
});
