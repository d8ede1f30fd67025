/** The viewports offered in the toolbar; `smallPhone` is the 360 px phone of the instalment bottom sheet. */
export const VIEWPORTS = {
  smallPhone: { name: 'Small phone (360 px)', styles: { width: '360px', height: '640px' }, type: 'mobile' },
  phone: { name: 'Phone (390 px)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  tablet: { name: 'Tablet (768 px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;

/** Story globals that open a story in the small-phone viewport. */
export const smallPhoneGlobals = { viewport: { value: 'smallPhone', isRotated: false } };
