/** The charts' series colours: the theme's primary (indigo), then emerald, amber, sky, rose, slate. */
export const CHART_COLORS = ['#4f46e5', '#059669', '#d97706', '#0284c7', '#e11d48', '#64748b'] as const;
