// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// GPUs and the links between them, as presets with their sources (resources/presets/gpus.json and
// links.json). Bandwidths are bytes per second per GPU and per direction, latencies seconds per hop.

#include "base/enumnames.h"

#include <string>

namespace core {

// Where traffic runs: inside a node over NVLink/NVSwitch or over PCIe, or between nodes over the fabric.
enum class LinkClass { NvLink, Pcie, Fabric };

template<> struct EnumNames<LinkClass>
{
    static constexpr std::array table{std::pair{LinkClass::NvLink, std::string_view{"nvlink"}},
                                      std::pair{LinkClass::Pcie, std::string_view{"pcie"}},
                                      std::pair{LinkClass::Fabric, std::string_view{"fabric"}}};
};

// Share of a host link's bandwidth that copy-engine copies reach: 55.6 GB/s host-to-device over PCIe
// Gen5 x16 (63 GB/s after 128b/130b encoding) measured with NVIDIA's nvbandwidth
// (host_to_device_memcpy_ce, NVIDIA developer blog "NVbandwidth"); the rest is PCIe packet overhead.
inline constexpr double kHostLinkEfficiency = 0.88;

struct GpuSpec
{
    std::string id;
    std::string name;
    // The memory a process can use: what CUDA reports as totalGlobalMem (torch.cuda.get_device_properties()
    // .total_memory), not the vendor's round figure. An "80 GB" H100 reports 85,045,477,376 bytes; nvidia-smi
    // shows more (81,559 MiB), because it counts what the driver keeps for itself. The reported figure moves
    // by a few tens of MB between driver versions; each preset names the output it took (memorySource).
    double memoryBytes = 0;
    double bf16Flops = 0; // dense BF16 tensor-core peak, FLOP/s (no 2:4 sparsity)
    double fp8Flops = 0; // dense FP8 (e4m3) tensor-core peak, FLOP/s; 0: no FP8 tensor cores, or not known
    double hbmBandwidth = 0; // bytes/s
    // Streaming multiprocessors (CUDA's multiProcessorCount), for the SMs Transformer Engine's TP overlap
    // leaves its GEMMs (pipeline/layerkernels.h); 0: not known. Where it comes from: smSource.
    int smCount = 0;
    std::string smSource;
    // The share of hbmBandwidth a kernel that streams memory reaches, measured on this GPU
    // (compute/gpupeaks.h hbmEfficiency); 0: not measured, H100's is taken. Where it comes from:
    // hbmEfficiencySource.
    double hbmEfficiency = 0;
    std::string hbmEfficiencySource;
    // Tensor cores that take block-scaled FP8 (MXFP8: Blackwell's fifth generation); Transformer Engine
    // refuses the MXFP8 recipe elsewhere (design/validate.cpp).
    bool mxfp8 = false;
    // The GPU whose measured kernels this one runs, on the same die (H200 and H800: H100 SXM5's; GB200:
    // B200's) or at the same tensor-core rate per SM and clock (B300 and GB300: B200's): without a GEMM table
    // or published attention kernel of its own it takes that GPU's, at the same share of its own peak
    // (compute/gemmmodel.h, compute/attentionkernel.cpp). Empty: none.
    std::string kernelsOf;
    std::string kernelsSource; // why the two run the same kernels
    // How many times as fast as kernelsOf's GPU this one runs the same GEMMs, BF16 and FP8, where both were
    // measured in one benchmark (GB200 against B200); 0: not measured, the ratio of the two dense peaks is
    // taken. Where they come from: kernelsSpeedSource.
    double kernelsSpeedBf16 = 0;
    double kernelsSpeedFp8 = 0;
    std::string kernelsSpeedSource;
    // The host side (performance/offloadtime.h): the GPU's link to host memory, bytes/s per direction
    // (PCIe x16 after encoding, NVLink-C2C on Grace systems), and its share of the host's DRAM bandwidth
    // in the GPU's reference server (the DGX's channels × transfer rate / its GPUs); 0: not known.
    double hostLinkBandwidth = 0;
    double hostMemoryBandwidth = 0;
    std::string hostSource; // where the two host figures come from
    // What copy-engine copies reach of hostLinkBandwidth (kHostLinkEfficiency), bytes/s per direction.
    double hostCopyBandwidth() const { return hostLinkBandwidth * kHostLinkEfficiency; }
    std::string defaultIntraLink; // the link a node of these GPUs usually has
    std::string source; // where the peaks and the bandwidth come from
    std::string memorySource; // where memoryBytes comes from
    // CPU memory per GPU of the vendor's reference system with these GPUs (DGX H100: 2 TB for 8 GPUs), the
    // default of a node's RAM (cluster.h); 0: no reference system.
    double hostMemoryPerGpuBytes = 0;
    std::string hostMemorySource;
    bool operator==(const GpuSpec&) const = default;
};

struct LinkSpec
{
    std::string id;
    std::string name;
    LinkClass linkClass = LinkClass::NvLink;
    double bandwidth = 0; // bytes/s per GPU, per direction
    double latency = 0; // seconds per hop (α)
    std::string source;
    // The share of `bandwidth` that NCCL's bus bandwidth reaches on large messages over a long ring
    // (nccl-tests); 0: the default of collectivecost.h (kNcclBusEfficiency).
    double ncclEfficiency = 0;
    bool operator==(const LinkSpec&) const = default;
};

} // namespace core
