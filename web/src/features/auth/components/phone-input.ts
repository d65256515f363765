/** Formats what is typed as a US number, progressively: (555, (555) 123, (555) 123-4567. At most 10 digits. */
export function formatPhoneInput(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function phoneDigits(formatted: string): string {
  return formatted.replace(/\D/g, '');
}
