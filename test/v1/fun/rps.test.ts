import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide, MOVES, moveName, parseMove, rpsMessage } from '../../../src/v1/fun/rps.js';

describe('parseMove', () => {
  it('reads English and German moves, ignoring case and spaces', () => {
    assert.deepEqual(parseMove('rock'), { move: 'rock', lang: 'en' });
    assert.deepEqual(parseMove(' Scissors '), { move: 'scissors', lang: 'en' });
    assert.deepEqual(parseMove('STEIN'), { move: 'rock', lang: 'de' });
    assert.deepEqual(parseMove('papier'), { move: 'paper', lang: 'de' });
    assert.deepEqual(parseMove('Schere'), { move: 'scissors', lang: 'de' });
  });
  it('knows nothing else', () => {
    for (const bad of ['', 'lizard', 'spock', 'rocks', 'sch ere']) assert.equal(parseMove(bad), undefined);
  });
});

describe('decide', () => {
  it('rock beats scissors, scissors beat paper, paper beats rock', () => {
    assert.equal(decide('rock', 'scissors'), 'win');
    assert.equal(decide('scissors', 'paper'), 'win');
    assert.equal(decide('paper', 'rock'), 'win');
    assert.equal(decide('scissors', 'rock'), 'lose');
    assert.equal(decide('paper', 'scissors'), 'lose');
    assert.equal(decide('rock', 'paper'), 'lose');
  });
  it('equal moves draw', () => {
    for (const move of MOVES) assert.equal(decide(move, move), 'draw');
  });
});

describe('rpsMessage', () => {
  it('names the winning move and who won, in English and German', () => {
    assert.equal(rpsMessage('rock', 'scissors', 'en'), 'Rock crushes scissors. You win!');
    assert.equal(rpsMessage('rock', 'paper', 'en'), 'Paper covers rock. I win!');
    assert.equal(rpsMessage('scissors', 'paper', 'de'), 'Schere schneidet Papier – du gewinnst!');
    assert.equal(rpsMessage('paper', 'scissors', 'de'), 'Schere schneidet Papier – ich gewinne!');
  });
  it('calls a draw a draw', () => {
    assert.equal(rpsMessage('paper', 'paper', 'en'), "We both picked paper. It's a draw!");
    assert.equal(rpsMessage('rock', 'rock', 'de'), 'Wir haben beide Stein gewählt – unentschieden!');
  });
  it('has a name for every move in both languages', () => {
    assert.deepEqual(
      MOVES.map((m) => moveName(m, 'de')),
      ['Stein', 'Papier', 'Schere'],
    );
  });
});
