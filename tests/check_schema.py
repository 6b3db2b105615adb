#!/usr/bin/env python3
"""tests/check_schema.py SCHEMA RESULTS.json... -- validates every results.json
against schema/results.schema.json (Draft 2020-12, python3-jsonschema), and
checks that the validator is not vacuous: seven mutations
that break the documented contract (a missing required field, a wrong status
word, a quantity without its radius, a region area without its upper bound, a
malformed SHA-256, a point without its exact coordinates, a claim's fixed value
without its exact value) must each be rejected.  Prints one line per failure and
"N passed, M failed" last; exit 1 if anything failed."""
import copy
import json
import sys

import jsonschema


def main(argv):
    schema = json.load(open(argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    docs = []
    for path in argv[2:]:
        doc = json.load(open(path))
        docs.append(doc)
        errs = list(v.iter_errors(doc))
        if errs:
            failed += 1
            for e in errs[:5]:
                print("%s: %s: %s" % (path, "/".join(map(str, e.absolute_path)), e.message[:300]))
        else:
            passed += 1
    if not docs:
        print("no results.json given")
        failed += 1
    else:
        # mutations of a document that is valid must be rejected
        base = docs[0]
        muts = []
        d = copy.deepcopy(base); del d["case_sha256"]; muts.append(("no case_sha256", d))
        d = copy.deepcopy(base); d["case_sha256"] = "xyz"; muts.append(("bad sha", d))
        for doc in docs:
            if doc["claims"]:
                d = copy.deepcopy(doc); d["claims"][0]["status"] = "true"; muts.append(("claim status", d))
                break
        for doc in docs:
            q = [(i, k) for i, p in enumerate(doc["points"]) for k, x in p["quantities"].items() if "mid" in x]
            if q:
                d = copy.deepcopy(doc); i, k = q[0]; del d["points"][i]["quantities"][k]["rad"]
                muts.append(("quantity without rad", d))
                break
        for doc in docs:
            f = [(i, k) for i, c in enumerate(doc["claims"]) for k in c["fixed"]]
            if f:
                d = copy.deepcopy(doc); i, k = f[0]; del d["claims"][i]["fixed"][k]["exact"]
                muts.append(("fixed value without exact", d))
                break
        for doc in docs:
            if doc["points"]:
                d = copy.deepcopy(doc); del d["points"][0]["exact"]; muts.append(("point without exact", d))
                break
        for doc in docs:
            if doc["plots"] and doc["plots"][0]["regions"]:
                d = copy.deepcopy(doc); r = d["plots"][0]["regions"][0]; del d["plots"][0]["area"][r]["hi"]
                muts.append(("area without hi", d))
                break
        for what, d in muts:
            if v.is_valid(d):
                print("schema accepts a broken document: " + what)
                failed += 1
            else:
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
