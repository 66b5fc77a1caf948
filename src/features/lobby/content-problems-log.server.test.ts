import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { noteContentProblems } from './content-problems-log.server.ts';

describe('the lobby’s log of content problems', () => {
  let log: MockInstance;
  let warn: MockInstance;
  beforeEach(() => {
    log = vi.spyOn(console, 'log').mockImplementation(() => {});
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    log.mockRestore();
    warn.mockRestore();
  });

  it('logs a broken save once, and says when the file is valid again, as the platform does', () => {
    const broken = { file: 'content/aurelia/layout.json', message: 'content/aurelia/layout.json: block "hero": field "title" is required' };
    noteContentProblems('aurelia', [broken]);
    noteContentProblems('aurelia', [broken]);
    expect(warn.mock.calls).toEqual([[`[lobby] content problem, serving the last good version: ${broken.message}`]]);
    // Another brand's list says nothing of aurelia's files.
    noteContentProblems('vantor', []);
    expect(log).not.toHaveBeenCalled();

    noteContentProblems('aurelia', []);
    expect(log.mock.calls).toEqual([['[lobby] content/aurelia/layout.json is valid again: serving the fixed version']]);
    noteContentProblems('aurelia', []);
    expect(log).toHaveBeenCalledTimes(1);

    // Broken again: logged again.
    noteContentProblems('aurelia', [broken]);
    expect(warn).toHaveBeenCalledTimes(2);
    noteContentProblems('aurelia', []);
  });

  it('logs a changed problem of the same file, and a starter notice as news when it comes and goes', () => {
    const notice = { file: 'content/mybrand/legal/', message: 'content/mybrand/legal/ has no terms-and-conditions.json: using the starter legal texts' };
    noteContentProblems('mybrand', [notice, { file: 'content/mybrand/menu.json', message: 'content/mybrand/menu.json is not valid JSON' }]);
    noteContentProblems('mybrand', [notice, { file: 'content/mybrand/menu.json', message: 'content/mybrand/menu.json: field "menus" is required' }]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(log.mock.calls).toEqual([[`[lobby] ${notice.message}`]]);
    noteContentProblems('mybrand', []);
    expect(log.mock.calls.slice(1)).toEqual([
      ['[lobby] content/mybrand/legal/ has the brand\'s own content now: the starter content is no longer served'],
      ['[lobby] content/mybrand/menu.json is valid again: serving the fixed version'],
    ]);
  });
});
