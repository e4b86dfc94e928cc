/* Every slider method, one line each, in listing order (the core method first,
 * the reference last): METHOD(x) names the record method_x of core/slider_x.c.
 * Adding a method is its file, a line here and its line in core/meson.build. */
METHOD(rotated)
METHOD(classical)
METHOD(classical_debruijn)
METHOD(magic)
#if defined(__x86_64__)
METHOD(pext)
#endif
METHOD(hyperbola)
METHOD(obstruction)
METHOD(dumb7fill)
METHOD(kogge_stone)
#if defined(__x86_64__)
METHOD(avx512_fill)
#endif
METHOD(naive)
