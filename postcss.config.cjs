module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        // The spec's layout breakpoints (spec 1 §9), for CSS modules.
        'mantine-breakpoint-xs': '544px',
        'mantine-breakpoint-sm': '768px',
        'mantine-breakpoint-md': '992px',
        'mantine-breakpoint-lg': '1200px',
        'mantine-breakpoint-xl': '1400px',
      },
    },
  },
};
