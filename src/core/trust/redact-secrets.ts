/** Names of variables whose values are treated as secrets wherever they show up. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|PRIVATE/i;

/** Shorter values are too likely to occur by chance ("true", a port number) to be replaced. */
const MIN_SECRET_LENGTH = 8;

export const REDACTED = '[redacted]';

/** The secret-looking values of `env`, longest first (so a secret that contains another is replaced whole). */
export const secretValues = (env: Record<string, string | undefined>): string[] => {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !SECRET_NAME.test(name) || name.startsWith('SWARM_')) continue;
    const trimmed = value.trim();
    // A path (SSH_AUTH_SOCK, GOOGLE_APPLICATION_CREDENTIALS) names where a secret is, it is not one.
    if (trimmed.length >= MIN_SECRET_LENGTH && !trimmed.startsWith('/')) values.add(trimmed);
  }
  return [...values].sort((a, b) => b.length - a.length);
};

/** A function that replaces every occurrence of the given secrets (and their JSON-escaped forms). */
export const secretRedactor = (secrets: readonly string[]): ((text: string) => string) => {
  const forms = [...new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
};
