/** Decoration for the brand panel: a case file, the balance of mediation, a settled conversation. */
export function BannerIllustration() {
  return (
    <svg className="cd-login-banner__art" viewBox="0 0 360 240" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="cd-art-card" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity=".22" />
          <stop offset="1" stopColor="#fff" stopOpacity=".06" />
        </linearGradient>
      </defs>
      <rect
        x="36"
        y="36"
        width="150"
        height="184"
        rx="12"
        fill="url(#cd-art-card)"
        stroke="#fff"
        strokeOpacity=".35"
      />
      <rect x="56" y="62" width="74" height="10" rx="5" fill="#fff" fillOpacity=".8" />
      <rect x="56" y="86" width="110" height="6" rx="3" fill="#fff" fillOpacity=".4" />
      <rect x="56" y="102" width="96" height="6" rx="3" fill="#fff" fillOpacity=".4" />
      <rect x="56" y="118" width="104" height="6" rx="3" fill="#fff" fillOpacity=".4" />
      <rect x="56" y="146" width="52" height="20" rx="10" fill="#4080FF" />
      <rect x="116" y="146" width="44" height="20" rx="10" fill="#fff" fillOpacity=".25" />
      <circle cx="150" cy="196" r="14" fill="none" stroke="#FF7D00" strokeWidth="3" strokeOpacity=".9" />
      <path d="M143 196l5 5 9-10" stroke="#FF7D00" strokeWidth="3" fill="none" strokeLinecap="round" />
      <g transform="translate(218 46)">
        <rect width="112" height="104" rx="12" fill="url(#cd-art-card)" stroke="#fff" strokeOpacity=".35" />
        <path d="M56 22v60M36 86h40M26 34h60" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <path
          d="M26 34l-11 24h22zM86 34l-11 24h22z"
          fill="#6AA1FF"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(226 168)">
        <rect width="100" height="40" rx="20" fill="#fff" fillOpacity=".9" />
        <circle cx="26" cy="20" r="5" fill="#165DFF" />
        <circle cx="50" cy="20" r="5" fill="#165DFF" fillOpacity=".6" />
        <circle cx="74" cy="20" r="5" fill="#165DFF" fillOpacity=".3" />
      </g>
    </svg>
  );
}
