import type SanitizeHtml from 'sanitize-html';
import { lazyRequire } from './lazy-require.ts';

/** Loaded when HTML is first saved or shown (it is not needed to start the server). */
const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

/*
 * HTML from admins (custom pages, ads) is sanitised on write and again on render (DESIGN §7):
 * no script, no event handlers, no javascript: links, no styles that could cover the page.
 */

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** What the rich-text editor of custom pages produces: text, headings, lists, links, images. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml()(html, {
    allowedTags: [
      ...sanitizeHtml().defaults.allowedTags.filter((tag) => tag !== 'iframe'),
      'img',
      'h1',
      'h2',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['class'],
    },
    allowedClasses: { '*': ['text-left', 'text-center', 'text-right'] },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml().simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    },
  });
}

/** An ad: an image with a link, or a small block of markup. */
export function sanitizeAd(html: string): string {
  return sanitizeHtml()(html, {
    allowedTags: ['a', 'img', 'div', 'span', 'p', 'strong', 'em', 'br', 'picture', 'source'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      source: ['srcset', 'media', 'type'],
    },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml().simpleTransform('a', { rel: 'noopener noreferrer sponsored' }),
    },
  }).trim();
}

/**
 * The admin's custom HTML, added at the end of every page: markup for a banner or a footer
 * note, never script (the page's CSP would stop it anyway) nor event handlers.
 */
export function sanitizeCustomHtml(html: string): string {
  return sanitizeHtml()(html, {
    allowedTags: [...sanitizeHtml().defaults.allowedTags.filter((tag) => tag !== 'iframe'), 'img'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['class', 'id'],
    },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
  }).trim();
}
