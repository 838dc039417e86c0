// @arco-design/color ships no type declarations (STACK.md trap 7).
declare module '@arco-design/color' {
  export function generate(
    color: string,
    options?: { list?: boolean; index?: number; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' },
  ): string[];
  export function getRgbStr(color: string): string;
  export function getPresetColors(): Record<string, { light: string[]; dark: string[]; primary: string }>;
}
