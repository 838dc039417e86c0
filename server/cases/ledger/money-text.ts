/** Fen as yuan for a message: 565000 -> "5,650.00". */
export function yuanText(fen: number): string {
  const yuan = Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${yuan}.${String(fen % 100).padStart(2, '0')}`;
}
