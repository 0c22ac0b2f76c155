/** Joins the class names that are set: cn('a', isOn && 'b') → "a b". */
export function cn(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}

/** `fallback` (e.g. "w-full") unless the caller's classes already set a width. */
export function unlessWidth(className: string | undefined, fallback: string): string | false {
  return !/(^|\s)(w-|max-w-|min-w-)/.test(className ?? '') && fallback;
}
