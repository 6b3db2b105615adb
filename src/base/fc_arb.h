/* fc_arb.h -- one include for Arb whatever the FLINT layout.
 *
 * FLINT 2.x ships Arb as a separate library (<arb.h>, -lflint-arb);
 * FLINT >= 3 has Arb inside (<flint/arb.h>).  The Makefile defines
 * FC_FLINT3 when it detects the second layout. */
#ifndef FC_ARB_H
#define FC_ARB_H

#ifdef FC_FLINT3
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <flint/arb.h>
#include <flint/arf.h>
#include <flint/mag.h>
#include <flint/arb_poly.h>
#include <flint/acb.h>
#include <flint/fmpq_poly.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpq_mpoly.h>
#include <flint/fmpz_mpoly.h>
#include <flint/arb_mat.h>
#else
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <flint/fmpq_poly.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpq_mpoly.h>
#include <flint/fmpz_mpoly.h>
#include <arb.h>
#include <arf.h>
#include <mag.h>
#include <arb_poly.h>
#include <acb.h>
#include <arb_mat.h>
#endif

#endif
