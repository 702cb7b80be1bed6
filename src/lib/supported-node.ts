// The Node.js lines Kizuna runs on (README "Set up"). Older lines crash in native add-ons
// (better-sqlite3 13 segfaults on Node 20) long after start, so they are refused up front.
export const MINIMUM_NODE = '22.12.0';

/** Why this Node version cannot run Kizuna, or undefined when it can. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE.split('.').map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return (
    `Kizuna needs Node.js ${needMajor}.${needMinor} or later; this is ${version.replace(/^v/, '')}. ` +
    'Install a supported LTS line (22, 24 or 26), for example with: eval "$(scripts/install-node.sh)"'
  );
}
