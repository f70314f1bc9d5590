/**
 * Email bodies: plain text and a simple HTML twin, the app's name and a link back. Pure.
 */
export const APP_NAME = 'TrailBuddy';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A message from paragraphs and one call to action. `unsubscribeUrl` (optional mail only) adds the footer line;
 * the List-Unsubscribe headers are added by the sender. `footerLinks` go under the footer line.
 */
export function composeEmail(input: {
  subject: string;
  paragraphs: readonly string[];
  action: { label: string; url: string };
  unsubscribeUrl?: string;
  footerLinks?: readonly { label: string; url: string }[];
}): ComposedEmail {
  const footer = input.unsubscribeUrl
    ? `You get this email because of your ${APP_NAME} email settings. Unsubscribe: ${input.unsubscribeUrl}`
    : `Sent by ${APP_NAME}.`;
  const footerLinks = input.footerLinks ?? [];
  const text = [
    ...input.paragraphs,
    `${input.action.label}: ${input.action.url}`,
    '--',
    footer,
    ...footerLinks.map((link) => `${link.label}: ${link.url}`),
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">',
    `<p style="font-weight:bold;color:#047857">${APP_NAME}</p>`,
    ...input.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.label)}</a></p>`,
    `<hr><p style="font-size:12px;color:#6b7280">${
      input.unsubscribeUrl
        ? `You get this email because of your ${APP_NAME} email settings. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a>`
        : `Sent by ${APP_NAME}.`
    }</p>`,
    ...footerLinks.map(
      (link) =>
        `<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ),
    '</body></html>',
  ].join('');
  return { subject: input.subject, text, html };
}
