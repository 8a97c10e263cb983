#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Independent reference for tests/core/trace/tst_profilertrace.cpp: reads a PyTorch profiler trace with
# Python's json module (the whole document, not a stream), and computes the figures by merging intervals
# and subtracting them (not by a sweep, as the importer does). Usage: expected_figures.py TRACE.json[.gz]
import gzip, json, re, sys

KINDS = [("allReduce", "AllReduce"), ("allGather", "AllGather"), ("reduceScatter", "ReduceScatter"),
         ("allToAll", "AllToAll"), ("p2p", "SendRecv"), ("p2p", "Send"), ("p2p", "Recv"),
         ("broadcast", "Broadcast"), ("reduce", "Reduce")]

def kind(name):
    m = re.search(r"nccl\w*Kernel_([A-Za-z]+)", name)
    if not m:
        return None
    for key, prefix in KINDS:
        if m.group(1).startswith(prefix):
            return key
    return None

# GEMM kernels by name, the rule of core/trace/profilertrace.h isGemmKernel written again as regular expressions.
NOT_GEMM = re.compile(r"nccl|flash|fmha|attn|attention|sdpa", re.IGNORECASE)
GEMM = re.compile(r"gemm|_xmma_|cutlass|^(void )?nvjet", re.IGNORECASE)

def is_gemm(name):
    return not NOT_GEMM.search(name) and bool(GEMM.search(re.sub("fbgemm", "", name, flags=re.IGNORECASE)))

def merge(intervals):
    out = []
    for s, e in sorted(intervals):
        if e <= s:
            continue
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out

def length(intervals):
    return sum(e - s for s, e in intervals)

def subtract(a, b):  # merged a minus merged b
    out, j = [], 0
    for s, e in a:
        cur = s
        for bs, be in b:
            if be <= cur or bs >= e:
                continue
            if bs > cur:
                out.append([cur, bs])
            cur = max(cur, be)
        if cur < e:
            out.append([cur, e])
    return out

def intersect(a, b):  # merged a and merged b
    out = []
    for s, e in a:
        for bs, be in b:
            lo, hi = max(s, bs), min(e, be)
            if lo < hi:
                out.append([lo, hi])
    return out

def main(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    kernels = [e for e in events if e.get("ph") == "X" and e.get("cat") == "kernel"]
    device = min(e["args"]["device"] for e in kernels)
    kernels = [e for e in kernels if e["args"]["device"] == device]
    steps = {e["name"]: e for e in events if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#")
             and e.get("cat") != "gpu_user_annotation"}
    compute = merge([(e["ts"], e["ts"] + e["dur"]) for e in kernels if kind(e["name"]) is None])
    print("device", device, "kernels", len(kernels))
    print("steps", len(steps), "stepSeconds %.9f" % (sum(e["dur"] for e in steps.values()) / len(steps) * 1e-6))
    windows = merge([(e["ts"], e["ts"] + e["dur"]) for e in steps.values()])
    busy = merge([(e["ts"], e["ts"] + e["dur"]) for e in kernels])
    print("kernelSeconds %.9f perStep %.9f" % (length(busy) * 1e-6, length(intersect(busy, windows)) * 1e-6 / len(steps)))
    gemms = [e for e in kernels if kind(e["name"]) is None and is_gemm(e["name"])]
    gemm = merge([(e["ts"], e["ts"] + e["dur"]) for e in gemms])
    print("gemmKernels", len(gemms), "gemmSeconds %.9f perStep %.9f" % (length(gemm) * 1e-6,
          length(intersect(gemm, windows)) * 1e-6 / len(steps)))
    for key in dict.fromkeys(k for k, _ in KINDS):
        comm = merge([(e["ts"], e["ts"] + e["dur"]) for e in kernels if kind(e["name"]) == key])
        exposed = subtract(comm, compute)
        print("%-14s communication %.9f exposed %.9f exposedPerStep %.9f" % (key, length(comm) * 1e-6,
              length(exposed) * 1e-6, length(intersect(exposed, windows)) * 1e-6 / len(steps)))

main(sys.argv[1])
