/** Joins the class names that are set: cn('a', isOn && 'b') → "a b". */
export function cn(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}
