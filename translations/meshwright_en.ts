<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Catalog</name>
    <message>
        <source>NVLink 4 at 400 GB/s (H800) + NVSwitch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe 4.0 x16 (no NVLink)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe 5.0 x16 (no NVLink)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InfiniBand HDR, 200 Gb/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InfiniBand NDR, 400 Gb/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InfiniBand XDR, 800 Gb/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoCE, 400 Gb/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ethernet (TCP), 100 Gb/s per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3.1 70B on 4 × 8 H100</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3.1 8B, FSDP on one node of 8 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3.1 405B on 2 × GB200 NVL72</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixtral 8x7B with expert parallelism, 4 × 8 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense 70B, 32K context, 64 × 8 GPUs: the reference article&apos;s layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense 70B, 32K context, 64 × 8 GPUs: the deeper pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving Llama 3.1 70B on one node of 8 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teaching: four GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alternating dense and locally banded sparse attention (counted as dense)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention sinks (one learned logit per head)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChoiceText</name>
    <message>
        <source>no recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClusterItems</name>
    <message>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per GPU · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClusterLegend</name>
    <message>
        <source>TP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP group (one pipeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Colour = %1&lt;/b&gt; %2 (the %3 groups lie spread over nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>red</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 groups now lie spread over nodes: the colours show each GPU&apos;s %2 instead of its group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 groups now sit together in nodes: the colours show each group again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Colour = %1&lt;/b&gt; %2 (shades of the %3 button&apos;s colour; neighbouring groups alternate light and dark, a group&apos;s GPUs in one node share an outline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bar at a GPU&apos;s foot: its memory against its capacity (%1: does not fit; %2: tight)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amber</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Collectives</name>
    <message>
        <source>All-Reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-Gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce-Scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-to-All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point-to-Point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring shift (every rank to the next)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double binary tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairwise exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hierarchical (in nodes, across, in nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direct (rank 0 to rank 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce up the trees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broadcast down the trees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce up and broadcast down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce-Scatter inside each node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce-Scatter across nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-Gather across nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-Gather inside each node</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <source>Not known whether the order holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no published pair of runs %1; the step&apos;s explanation says how far single runs were from the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The order holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>between published %1 the model&apos;s ratio was at most %2 off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too close for the model to decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>between published %1 its ratio was up to %2 off; measure both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core layouts of one model on the same GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core layouts of one MoE model on the same GPUs, launched eagerly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan layouts of one model on the same GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan runs that changed the context length with CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compares serving designs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compares two models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compares different GPUs, links or fabrics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compares two frameworks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of Megatron-Core changed the context length or the CP degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran DeepSpeed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticArguments</name>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of integers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sliding-window attention of %1 tokens from layer %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer attends to the whole context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this order of sliding and full attention layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention sinks (one learned logit per head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out: a few parameters per layer, no FLOPs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights quantised as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quantised weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights are held at the design&apos;s precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense layers between the sparse ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer is costed as a MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RMSNorms after attention and after the MLP (four norms per layer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two norms per layer are counted: 2·hidden parameters and their elementwise work left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention score soft-capping (tanh at %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final logit soft-capping (tanh at %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out: an elementwise tanh, no FLOPs or memory counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vision tower (vision_config) and its projector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only the language model is counted: the images&apos; parameters, memory and compute are left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright does not read it, and no figure includes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>10^18 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset name or an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/cluster/nodes (or /cluster/uniform, but not both)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes × GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU count of a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster&apos;s GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension names joined by &apos;-&apos;, each once, e.g. tp-cp-ep-dp-pp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an intra-node link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the inter-node fabric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network cards per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fabric oversubscription</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node (bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at least 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the optimizer alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its CPU offload moves the parameters, gradients and optimizer together (choose cpu-params with ZeRO stage 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it keeps every state on the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it offloads the optimizer only (choose cpu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only sharded parameters move (ZeRO stage 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one 0 or 1 per ZeRO stage 0–3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per ZeRO stage 0–3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>array of [TP, fraction]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no distributed_type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this import reads FSDP, MULTI_GPU and NO (a DeepSpeed config imports with the deepspeed format)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 tensorwise scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright models Transformer Engine&apos;s and torchao&apos;s FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright models offload to host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch × gradient accumulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file&apos;s --num-layers, --hidden-size and head counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>those of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tokenizer-model names that checkpoint, whose shape differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers per pipeline rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers over %1 pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pretrain_gpt.py arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no command runs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto, bfloat16 or an FP8 type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command names no model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-1 or a whole number from 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full recomputation of the first %1 of each chunk&apos;s %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan recomputes layers %1, %2, … of each; memory and time count the same number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch × data-parallel replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nesting of arrays and objects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA key/value rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA query rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA RoPE head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA value head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared expert FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE layer frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sliding window period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sliding layers per period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-token prediction layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed layers per chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers with offloaded activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The micro-batch group size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The forward time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The backward time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weight-gradient time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The overlapped forward–backward time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The point-to-point latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The transfer time after stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE capacity factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE expert load skew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM half-efficiency width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elementwise passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key %1 is set twice (also on line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key %1 is set twice (also at %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the array %1=( is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>${ without a closing }</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a &apos; quote is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a &quot; quote is never closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a section header needs [name]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected key = value or [section]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key %1 has no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the string of the key %1 is not closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML indentation must be spaces, not tabs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the indentation does not match a key above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list item without a key above it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected key: value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the end of the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the literal true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the literal false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the literal null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos; or a literal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unreadable token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string with an ill-formed UTF-8 byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string without its closing quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string whose &apos;\u&apos; is not followed by 4 hex digits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string whose surrogate U+D800..U+DBFF is not followed by U+DC00..U+DFFF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string whose surrogate U+DC00..U+DFFF does not follow U+D800..U+DBFF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string with a forbidden character after a backslash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a comment without its closing &apos;*/&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a &apos;/&apos; not followed by &apos;/&apos; or &apos;*&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number without &apos;+&apos;, &apos;-&apos; or a digit after its exponent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number without a digit after its &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number without a digit after its &apos;.&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number without a digit after its exponent&apos;s sign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a word that is not true, false or null (or a string without quotes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a byte order mark other than 0xEF 0xBB 0xBF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is UTF-16 (or another wide encoding); save it as UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid UTF-8: byte %1 at byte offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>arrays and objects nest deeper than %1 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number is beyond the range of a double (about ±1.8e308)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number %1… (%2 characters) is beyond the range of a double (about ±1.8e308)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number %1 is beyond the range of a double (about ±1.8e308)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where a value belongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where an object key belongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after an object key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: found %2, expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the control character %2 in a string, which must be written %3 (last read: %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (last read: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (torchtitan&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>module-level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its own op-level selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after every micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>once a step under PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a design has no row-wise scaling; its GEMMs and casts are timed as per-tensor ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the embedding (E) must open the first stage and the loss (L) close the last, once each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the design holds the prediction depths (m) in the last stage, after its layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1 holds no layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it unrolls to more than %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core knows no layer character &apos;%1&apos; (E, t, m, L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its optimizer keeps the moments in FP32 only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its 16-bit moments are Adam&apos;s, not SGD&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the design keeps both moments in one dtype of 32 or 16 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model chunk to split the layers into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan cannot deal %1 layers, the embedding and the output counted in, over %2 chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a list of lists of module names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the design holds tok_embeddings in the first chunk and norm and output in the last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its layers do not run 0, 1, 2 … in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it names a module other than tok_embeddings, layers.N, norm and output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its layers are not the model&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with PP &gt; 1 it needs virtual pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it does not run with full recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it does not run with the MoE layer recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it needs BF16 or FP16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it runs at most one multi-token prediction depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it has no such switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the parameter all-gather exists only with the distributed optimizer (ZeRO stage 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient-sync cadence is a switch of fully_shard (ZeRO stage 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no expert-parallel all-to-all without EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights are all-gathered only where they are sharded (ZeRO stage 1 and up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 training has only FP32 gradients to reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without --data-parallel-sharding-strategy it shards as optim_grads_params from core_v0.18.0 on (no_shard, the distributed optimizer alone, before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the array of the key %1 is not closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the table of the key %1 is not closed on its line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from core_v0.16.0 on Megatron-LM turns it off without --use-persistent-ckpt-worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the setting describes a training step; a serving engine captures its own graphs for decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it launches a training step&apos;s kernels one by one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-layer graphs do not run with full recomputation (the whole iteration&apos;s graph does)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-layer graphs do not run with activation offloading (the whole iteration&apos;s graph does)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s graph of the router does not run with the MoE layer recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without --moe-pad-expert-input-to-capacity Megatron-Core drops the tokens beyond an expert&apos;s capacity but does not pad the others up to it, where the model computes every expert at its capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the engine takes the longest context that fits in memory, which the design cannot know, so it keeps its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the setting describes a training step; a serving engine sends its tokens its own way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its MoE layers send their tokens by all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepEP reaches at most 8 GPUs of a node over NVLink; HybridEP runs across a larger NVLink domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model prices the alltoall dispatcher&apos;s traffic, not the all-gather of every token to every GPU of the group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model knows the traffic of DeepEP and HybridEP, not NCCL&apos;s expert parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routing over all experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without --moe-router-group-topk Megatron-Core does not limit the groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core refuses group-limited routing without --moe-router-num-groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, the base design&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file gives neither --vocab-size nor a known tokenizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model of its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no built-in preset has that shape; Megatron-LM&apos;s defaults stand for the architecture flags the file leaves out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$(( without a closing ))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$( without a closing )</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed JSON at line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be %2, not %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required field %1 is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid value for %2 (expected %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a Meshwright design: &quot;format&quot; is %1, expected &quot;meshwright.design&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The design was written by a newer Meshwright (format version %1); this version reads up to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format version %1 is not valid; versions start at 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown field %1: Meshwright does not use it, but keeps it when saving.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2; Meshwright handles at most %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 id %2 is used twice; ids must be unique.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3; it is %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown model preset &quot;%1&quot;. Known presets: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown GPU type &quot;%1&quot;. Known GPUs: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown link &quot;%1&quot;. Known links: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a %2 link and cannot serve as %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 attention heads cannot be shared by %2 key/value heads: heads must be a multiple of KV heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k (%1) cannot exceed the number of experts (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model has %1 dense layers but no FFN size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model has %1 parameters; Meshwright handles up to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not modelled yet: %1. Figures leave it out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster has no GPUs in service.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes hold different numbers of GPUs (%1): torchrun and Megatron start the same number of processes on every node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster mixes GPU types (%1): the slowest GPU sets the pace and each GPU&apos;s own memory is its limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs are out of service and not used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout needs %1 GPUs (%2) but the cluster has %3 in service.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout uses %1 of the cluster&apos;s %2 GPUs (%3); %4 stay idle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout needs %1 GPUs; Meshwright handles up to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The explicit placement lists %1 ranks but the layout has %2; the default placement is used instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 is placed on GPU %2, which the cluster does not have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 holds both rank %2 and rank %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 is placed on GPU %2, which is out of service.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 does not divide the %2 attention heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 does not divide the %2 key/value heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 exceeds the %2 key/value heads: each KV head is replicated on %3 ranks (as vLLM does).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 does not divide the hidden size %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 does not divide the FFN size %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert TP=%1 does not divide the expert FFN size %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 TP groups span several nodes, so every layer&apos;s TP collectives cross the fabric (for example ranks %3). Keep TP inside a node: TP first in the order, and TP dividing the GPUs per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 on GPUs joined only by PCIe: every layer&apos;s all-reduce runs over PCIe. Keep TP at 1 or 2 without NVLink.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism works inside the TP group; with TP=1 it changes nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers do not split evenly into PP=%2 × %3 virtual stages; give the layers per stage explicitly or change PP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP=%1 × %2 virtual stages make %3 stages, more than the %4 layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layers per stage list %1 stages; PP=%2 × %3 virtual stages need %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layers per stage add up to %1; the model has %2 layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 schedule needs %2 virtual stages per rank; the layout has %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interleaved schedule needs the %1 micro-batches to be a multiple of PP=%2 (Megatron-LM).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 micro-batches for %2 pipeline stages: the pipeline never fills (PyTorch&apos;s 1F1B refuses this).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipeV needs at least 2 × PP = %1 micro-batches; the layout has %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With PP=1 there is no pipeline; the %1 schedule has no effect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP=%1 needs a mixture-of-experts model; %2 is dense.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP=%1 does not divide the %2 experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In Megatron&apos;s convention expert TP × EP × PP (%1 × %2 × %3) must divide the %4 ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The global batch of %1 does not divide into micro-batches of %2 on %3 data-parallel replicas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length %1 must be a multiple of 2 × CP = %2 (load-balanced causal context parallelism).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With sequence parallelism each CP rank&apos;s %1 tokens must divide by TP=%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens exceed the model&apos;s context window of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage %1 shards across data-parallel ranks; with DP=1 it saves nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving keeps no gradients or optimizer states; the ZeRO stage is ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The HSDP shard group of %1 must divide DP=%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a finite time greater than zero; it is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a finite time of zero or more; it is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stage time factors list %1 stages; PP=%2 × %3 virtual stages need %4 (or none for even stages).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time factor of stage %1 is %2; it must be a finite number greater than zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The micro-batch group size N=%1 must lie between PP=%2 and the %3 micro-batches (Megatron-LM microbatch_group_size_per_vp_stage).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last micro-batch group holds %1 micro-batches (%2 mod N=%3); it must hold none or at least PP=%4, otherwise the pipeline stalls on dependencies (Megatron-LM).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP=%1 × %2 virtual stages × %3 micro-batches make %4 pipeline operations; Meshwright simulates at most %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 lists %2, which names a stage or micro-batch the pipeline does not have (%3 stages, %4 micro-batches).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 lists %2, but stage %3 lives on rank %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 runs %2, which has already run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schedule never runs %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schedule cannot finish: rank %1 waits at %2 for %3, which cannot run before it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A collective needs at least one rank; it has %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a single rank, %1 moves no data and takes no time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ranks are more than Meshwright handles (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step-by-step traces show at most %2 ranks; this collective has %1. Its cost needs no trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace of %1 steps on %2 ranks × %3 chunks would need about %4; traces are kept under %5. Use fewer ranks or chunks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The buffer must hold between 1 byte and %2; it is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The buffer needs at least one chunk (0 picks one per rank); it has %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 algorithm gives every rank an equal share: %2 chunks must be a multiple of the %3 ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 chunks cannot cut a buffer of %2: every chunk needs at least one byte.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 algorithm does not implement %2; choose %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks per node must be 0 (all in one node) or more; it is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hierarchical algorithm needs whole nodes: %1 ranks are not a multiple of %2 ranks per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A send needs two different ranks from 0 to %1; it has %2 → %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 link needs a bandwidth above zero and a latency of zero or more; it has %2 and %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 is not a row of an nccl-tests table and was skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No nccl-tests rows found: expected lines of size, count, type, redop, root, time, algbw, busbw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The stage boundary transfer times list %1 boundaries; %3 stages have %2 (or none for no transfers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline runs %1 operations per step; timelines are drawn for up to %2. Fewer micro-batches or stages show one (meshwright-cli schedule simulates larger ones).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The design has errors; %1 gets no configuration until they are fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 launches training, but this design serves a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 serves models, but this design trains one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no pipeline parallelism; the design&apos;s PP = %2 cannot be expressed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no context parallelism; the design&apos;s CP = %2 cannot be expressed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no expert parallelism; the design&apos;s EP = %2 cannot be expressed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 shards experts inside its tensor-parallel group (--ep-size up to --tp-size); the design&apos;s EP = %2 beside TP = %3 has no equivalent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs pipeline parallelism only with ZeRO stage 0 or 1; the design combines PP = %2 with ZeRO-%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes %2 from the training script, not from this file; the header comment lists the values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 orders ranks %2; the design&apos;s order %3 cannot be expressed, so the groups differ from the design&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 schedule; the configuration uses %3 instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot express the design&apos;s layer split over the pipeline stages; it splits the layers evenly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no ZeRO stage %2; the configuration uses %3 instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot shard in groups of %2 ranks (HSDP); it shards over the whole data-parallel group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 recomputation; the configuration uses %3 recomputation instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no Megatron-style sequence parallelism; norms and dropout are not sharded in the TP group as the design assumes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 offloads parameters and gradients as well, not only the optimizer states as the design assumes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright knows no %2 for the model &quot;%3&quot;; replace the placeholder %4 before running %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 numbers ranks node by node; the design places them differently, so ranks run on other GPUs than the design shows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 starts the same number of processes on every node, but the design uses %2 GPUs on some nodes and %3 on others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 spreads the experts over DP × TP = %2 GPUs; the design&apos;s expert-parallel groups have %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP communication overlap needs sequence parallelism and TP &gt; 1 (Megatron-LM refuses --tp-comm-overlap without --sequence-parallel); the model leaves the TP collectives exposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer is offloaded to CPU with ZeRO stage 0, but DeepSpeed offloads only a sharded optimizer (ZeRO stage 1 or higher): raise the ZeRO stage, or keep the optimizer on the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 EP groups span several nodes, so every MoE layer&apos;s all-to-all crosses the fabric (for example ranks %3), though TP × EP = %4 fits a node. Put EP right after TP in the order to keep the all-to-all on NVLink.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s %1 was %2, the design&apos;s is %3: the other rows compare different workloads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: the header lacks the column(s) %3; a kernel table needs gpu, dtype, b, m, n, k and seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: %3 fields, but the header on line %4 names %5 columns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: a quoted field is not closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2, column %3: &quot;%4&quot; is not a positive whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2, column seconds: &quot;%3&quot; is not a positive time in seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2, column gpu: the GPU preset id is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2, column dtype: unknown data type &quot;%3&quot; (known: %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: the shape %3 was already measured on line %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no GEMM rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln GPU(s) out of service and not used.</source>
        <translation>
            <numerusform>%Ln GPU is out of service and not used.</numerusform>
            <numerusform>%Ln GPUs are out of service and not used.</numerusform>
        </translation>
    </message>
    <message>
        <source>Line %1, column %2 is not valid JSON (%3): look there for a missing or extra comma, quote or bracket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vocabulary of %1 is padded to %2 so that it divides into TP=%3 shards (%4 pads the output layer to a multiple of %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not run %2 designs: choose a %2 framework, or Auto.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not offer ZeRO stage %2; it offers stages %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs pipeline parallelism with ZeRO stage %2 at most (its pipeline engine refuses stage %3): lower the ZeRO stage, set PP to 1, or choose another framework.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 parallelism: set %2 to 1, or choose another framework.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot offload %2 to the host: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a PyTorch profiler trace: it has no &quot;traceEvents&quot; array (torch.profiler&apos;s export_chrome_trace writes one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace holds no GPU kernels (events of category &quot;kernel&quot;): profile with ProfilerActivity.CUDA among the activities.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace holds no ProfilerStep#N annotations, so it has no step time: call prof.step() once per training step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture %1 is not one Meshwright can import; it reads %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The config&apos;s %1 is not modelled: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a readable %1 file: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file holds no %1 configuration: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file starts %1 processes, but the cluster has %2 GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The degrees %1 need %2 GPUs, but the cluster has %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The degrees %1 do not divide the cluster&apos;s %2 GPUs, so no data-parallel degree fills it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2 conflicts with %3 = %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2 cannot be imported: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file&apos;s model %1 is not a built-in preset; the design keeps %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is read as %2: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search space holds %1 layouts, more than the %2 one search tries: fix a degree or the schedule, or try the first %2 with a limit (meshwright-cli search --limit %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster becomes %1 nodes of %2 GPUs, as the file starts %3 processes (it had %4 GPUs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. Model states (%7) are the largest part: shard them (a higher ZeRO stage, more DP), split the model further (more TP or PP), or offload the optimizer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. Activations (%7) are the largest part: recompute them, lower the micro-batch, use sequence parallelism with TP, add CP, or with PP 1 offload some layers&apos; activations to host memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. The weights (%7) are the largest part: shard the replica with more TP inside a node, or PP across nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. The KV cache (%7) is the largest part: serve fewer sequences at once (at most %8 fit), store the cache in FP8, or raise TP.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 cannot run with %2 set this way: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe needs an even PP (half the micro-batches enter from each end); the layout has PP=%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe needs an even number of micro-batches, at least 2 × PP = %1; the layout has %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 always shards norms and dropout along the sequence under TP; the design&apos;s TP without sequence parallelism runs with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 needs %2 of host memory for the offloaded states of its %3 GPUs, but has %4 of RAM; %5 of %6 nodes are over. Offload less (the optimizer only, or none), shard over more GPUs (a higher ZeRO stage, more DP), or set the nodes&apos; RAM if it is larger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not run the %2 pipeline schedule. Frameworks that run it: %3. Choose one of them, or another schedule.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not run the %2 pipeline schedule, and no other framework does: choose another schedule, or set the framework to Auto to model the schedule on its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node %1 needs %2 of host memory for the asynchronous checkpoint and any offloaded states of its %3 GPUs, but has %4 of RAM; %5 of %6 nodes are over. Save checkpoints synchronously, offload less, shard over more GPUs, or set the nodes&apos; RAM if it is larger.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto models the %2 pipeline schedule on its own, with the memory and switches of %1, which does not run it. Frameworks that run it: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto models the %2 pipeline schedule on its own, with the memory and switches of %1; no framework Meshwright knows runs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 mixed precision; the configuration uses %3 instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The FP8 recipe mxfp8 needs tensor cores that take block-scaled FP8 (Blackwell); %1 has none, and Transformer Engine refuses the recipe there. Choose tensorwise or delayed scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot offload activations to the host; Megatron-Core can (--cpu-offloading), or set the offloaded layers to 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core offloads activations only without pipeline parallelism; the layout has PP=%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core cannot offload activations and recompute them (%1 recomputation) at once: choose one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core offloads the activations of fewer layers than the model&apos;s %1; the layout offloads %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no activation offloading to host memory; the configuration keeps every layer&apos;s activations on the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright knows multi-token prediction training from Megatron-Core (--mtp-num-layers), not from %1: the figures include the model&apos;s %2 prediction depth(s) as Megatron-Core runs them. Set the model&apos;s multi-token prediction depths to 0 to price the run without them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no multi-token prediction; the configuration trains the model without its %2 prediction depth(s), which the design&apos;s figures include.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1 has %2 layers; every stage needs at least one, but in training the first may hold only the embedding and the last only the output head and the loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory is tight: rank %1 (pipeline stage %2) needs %3 with the allowance for the allocator&apos;s fragmentation but its GPU holds %4; without the allowance it needs %5. The layout runs only if PyTorch&apos;s caching allocator wastes less than %6 of what it allocates (%7 of %8 ranks are this close). Leave a margin (recompute, a smaller micro-batch), or run with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, which keeps that waste low.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reduce-scatters FSDP&apos;s gradients %2; the design&apos;s gradientSyncEveryMicroBatch %3 cannot be expressed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 keeps the optimizer&apos;s moments in FP32; the configuration&apos;s optimizer states take the 4 bytes a parameter that the design&apos;s %2 moments save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 overlaps the parameter all-gather only with --overlap-grad-reduce; the design overlaps the gather without it (Megatron-Bridge&apos;s ddp.overlap_param_gather), the configuration does not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 composes TP or CP only with sharded data parallelism (its ParallelismConfig refuses dp_shard_size 1 beside dp_replicate_size &gt; 1); the design&apos;s shard group of 1 over DP = %2 replicates every weight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figures leave out the padding a CUDA graph of the whole iteration needs on this dropless design: %1 pads the experts to a capacity factor (moeCapacityFactor) or, with HybridEP, each rank&apos;s tokens to a fixed multiple of their mean (moe_expert_rank_capacity_factor).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 captures the whole iteration only with static expert shapes; with the alltoall dispatcher written here a dropless MoE layer has none: set a capacity factor (the design&apos;s moeCapacityFactor) or run the flex dispatcher with --moe-expert-rank-capacity-factor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group-limited routing of %1 experts in %2 groups, %3 of them a token, cannot hold its top-%4: the groups must divide the experts, and the chosen groups hold at least top-k experts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <source>pipeline makespan + exposed data-parallel synchronisation + optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline makespan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel synchronisation, exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubble (share of GPU time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 × forward FLOPs × micro-batches × GPUs per stage / (step × Σ GPU peak)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model FLOPs per step (Megatron, causal attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hardware FLOPs per step (with recomputation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ GPU dense BF16 peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ GPU dense FP8 peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU against the FP8 peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model FLOPs per step, Megatron non-causal (Narayanan et al. 2021 eq. 3 without recomputation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU, Megatron non-causal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model FLOPs per step, PaLM 6N + 12·L·h·s per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU, PaLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU is stated against the dense BF16 peak, with Megatron-LM&apos;s FLOP count and causal attention (the work the kernels do). Papers that count attention over the whole square (Megatron 2021, Korthikanti 2022) or use PaLM&apos;s 6N + 12·L·h·s report a higher MFU for the same run: compare with the row of the same convention.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers on the critical pipeline rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP all-reduces per layer and micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP all-gathers per layer and micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP reduce-scatters per layer and micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one TP all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one TP all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one TP reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer and micro-batch, all-reduce visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer and micro-batch, all-gather visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer and micro-batch, reduce-scatter visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel reduction after the pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO parameter all-gather after the optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP, per micro-batch that synchronises</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP, over the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visible all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visible all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visible reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visible all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visible point-to-point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ stages [max(prefill FLOPs / (peak × η), weights / HBM) + TP all-reduces + send]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt tokens P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute, all stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight reads, all stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GEMM efficiency η</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ stages [max(decode FLOPs / (peak × η), (weights + B × context × KV per token) / HBM) + TP all-reduces + EP all-to-all + send]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequences in flight B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean context P + O/2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory reads, all stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes read per step, slowest stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory-bound: more sequences per step cost little until compute binds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-bound at this batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicas × B / inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequences per replica B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer on the CPU (host memory bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated parameters back to the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host transfers the compute does not hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters updated on the host, slowest rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host link per direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host memory bandwidth per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With CPU offload the optimizer step runs on the host: its time is the CPU optimizer, bound by host memory, plus the transfers over the host link that the compute does not hide (docs/offload.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·h/t (the layer input only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·h (the layer input only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank dense (this rank&apos;s TP/PP shard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank experts (÷ EP × expert TP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N dense (DP × CP × EP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N dense (DP × CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N experts (expert DP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × weight bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × weight bytes per parameter ÷ N (ZeRO shard group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × gradient bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × gradient bytes per parameter ÷ N (ZeRO shard group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × optimizer bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × optimizer bytes per parameter ÷ N (ZeRO shard group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in-flight × (dense layers × A_dense + MoE layers × A_moe + first-stage inputs) + last-stage inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A per layer, a GPT layer&apos;s generalised to GQA, SwiGLU, dropout-free models and MoE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in-flight micro-batches (stage units)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE layers on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A_dense per layer and micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A_moe per layer and micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s (tokens per CP rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>b (micro-batch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>h (hidden size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a (attention heads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t (TP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full recomputation keeps only each layer&apos;s input; the layer being recomputed is under temporary buffers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective recomputation recomputes the s×s attention scores instead of storing them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention stores a 4-byte log-sum-exp per head and query instead of the s×s attention scores (Dao et al. 2022).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP units gathered at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP units gathered × largest layer × weight bytes + largest layer × gradient bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gathered FSDP units and one unit&apos;s full gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest layer × gradient bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one FSDP unit&apos;s full gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 logits of the last stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·h (all-gathered SP input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence-parallel all-gather buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s activations while it is recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer being recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s attention scores while they are recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputed attention scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP buckets in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP bucket copy of all gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce-scatter / all-gather buffers in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context + fragmentation × allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context and library workspaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fragmentation (share of allocated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communicators × NCCL buffers per communicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communicators (dimensions with groups &gt; 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NCCL buffers per communicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × bytes per weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank (this rank&apos;s TP/PP/EP shard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes per weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA latent, replicated over TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads per rank = ⌈KV heads / TP⌉</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers × 2 × KV heads per rank × head dim × bytes per value × context × concurrent sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token and layer on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context per sequence (÷ CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>concurrent sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W (sliding window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sliding-window layers hold at most W tokens (Mistral 7B, arXiv:2310.06825 §2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiled tokens × live bytes per token in one layer + 3 × sequences × V × 4 (FP32 logits, probabilities, log-probabilities)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiled tokens (max_num_batched_tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live bytes per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiled sequences (max_num_seqs = concurrent sequences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sampler buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine keeps its activations in the share of the device it leaves free (the reserve).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch memory with tensor parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch memory of one GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-torch memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(1 − the engine&apos;s share of the device) × capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share of the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token on the fullest rank × context ÷ CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token on the fullest pipeline rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fullest pipeline rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers on that rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads are split over TP (replicated once TP exceeds them) and layers over PP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min over ranks ⌊(capacity − weights − workspace − non-torch − reserve) ÷ KV bytes per sequence⌋, counted in whole KV blocks of the engine&apos;s block tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity of the limiting rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left for the KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV block (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per sequence on that rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>limiting pipeline rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(4 all-gathers + 4 reduce-scatters) × (t−1)/t × s/CP·b·h·e × layers × micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 all-reduces × 2(t−1)/t × s/CP·b·h·e × layers × micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s/CP (tokens per CP rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>h (hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e (bytes per element)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes per layer per micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per layer: attention and MLP, forward and backward. Megatron&apos;s implementation re-gathers the input for the weight gradient (6 all-gathers + 4 reduce-scatters), and recomputation repeats forward collectives; neither is counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3(CP−1) × KV block × layers × micro-batches; KV block = 2·(s/CP)·b·(KV heads/t)·d·e</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV block</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward passes CP−1 KV blocks around the ring; backward CP−1 KV and CP−1 dKV blocks around the reversed ring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(sends forward + sends backward) × [s/CP (/t with SP), b, h]·e × micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boundary sends per micro-batch and direction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation per boundary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first and last stages send in one direction only; the busiest GPU is a middle stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 all-to-alls × (EP−1)/EP × T·k·h·e × MoE layers × micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T (tokens routed per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k (top-k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>payload per all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leaving the GPU per all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uniform routing: (EP−1)/EP of every token leaves the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2(N−1)/N × Ψ·e_g (all-reduce of the gradients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(N−1)/N × (R·Ψ·e_g + G·Ψ·e_w) (R reduce-scatters of the gradients, G all-gathers of the weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N (ranks holding the same dense parameters: DP × CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ (dense parameters of the fullest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e_g (bytes per gradient)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e_w (bytes per weight)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R (reduce-scatters per step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G (all-gathers per step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N for expert parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP (fully_shard) gathers the weights for every micro-batch&apos;s forward, again for its backward when it reshards after forward, and reduce-scatters every micro-batch&apos;s gradients unless gradient sync waits for the last one; without either it gathers once per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HSDP shard groups are counted as sharding over the whole group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Once per optimizer step: gradients accumulate locally over the micro-batches (Megatron-LM finalize_model_grads, DeepSpeed at the accumulation boundary).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe: both copies of each stage&apos;s gradients summed, exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe: gradients each rank sends to rank PP−1−r (both stages; with ZeRO its partition)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routed tokens of the busiest EP rank over the mean (capacity factor or measured skew)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes of a saved linear-layer input (FP8 copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in-flight × (recomputed dense layers × A_dense + recomputed MoE layers × A_moe + the other layers&apos; kept activations + first-stage inputs) + last-stage inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers on this rank that recompute their forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A_dense of a layer that keeps its activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A_moe of a layer that keeps its activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full recomputation of the first layers of each model chunk (Megatron-LM --recompute-method block): they keep only their input, the others all their activations (A_dense and A_moe count the recomputed ones); the layer being recomputed is under temporary buffers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers whose activations wait in host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>their bytes per micro-batch, on the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first layers&apos; activations wait in host memory between their forward and backward (Megatron-Core&apos;s activation offloading): only the other layers count here; the layer on its way to or from the host is under temporary buffers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·V/t (BF16 logits, the fused loss in place)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 logits of the last stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s activations on their way to or from the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer being offloaded or reloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of which an FP8 GEMM weight (gathered as FP8 or BF16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of Ψ_rank dense, the GEMM weights (FP8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes per other dense parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last-stage inputs include the multi-token prediction depths: each a layer&apos;s activations, its projection&apos;s input and its head&apos;s inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multi-token prediction depths on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations of one depth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multi-token prediction depths × the logits above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logits of the multi-token prediction depths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s recomputed modules while they are rebuilt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the recomputed modules of one layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP communication overlap (--tp-comm-overlap): each TP all-gather and reduce-scatter of a dense layer hides under its neighbouring GEMM but for one of its chunks (TransformerEngine userbuffers: TP chunks on the ring exchange, 4 on the forward&apos;s pipelined reduce-scatter), and the GEMMs beside the pipelined and bulk collectives run on the SMs those leave (docs/kernel-model.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP collectives are exposed, as Megatron-LM runs them without --tp-comm-overlap.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the word embedding&apos;s copy the first and the last stage sum, per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the word embedding&apos;s two copies&apos; gradients summed by the first and last stage, exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inside the layers: micro-batches × layers (and prediction depths) × what each layer waits for (its collectives, less what its GEMMs hide with TP overlap); after the pipeline: what the last backward cannot hide (DDP buckets, ZeRO&apos;s parameter all-gather); FSDP: per-layer gathers and reduce-scatters compute cannot hide × micro-batches; point-to-point: what the stage sends add to the schedule, and the CP ring beyond the attention it overlaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of these, compute slowed beside hidden collectives (18.9 % while both run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asynchronous TP (torch.compile&apos;s micro-pipelined TP): each TP all-gather and reduce-scatter of a dense layer is fused with its neighbouring matmul in TP chunks, two at a time, and hides but for one chunk; the copies run on the copy engines, and each reduce-scatter ends in a sum of the TP partial products over HBM (torch/distributed/_symmetric_memory, docs/kernel-model.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP collectives are exposed, as PyTorch runs DTensor&apos;s all-gathers and reduce-scatters without asynchronous TP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No TP collectives: TP is 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of these, FSDP2&apos;s copies out of its all-gather and into its reduce-scatter buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × weight bytes per parameter ÷ N + Ψ_rank × gathered bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gathered bytes per parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without resharding after forward (FSDP2 reshard_after_forward=False) the gathered weights stay from forward to backward, beside the shard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without gradient sync between micro-batches (gradientSyncEveryMicroBatch off) FSDP2 keeps every parameter&apos;s unsharded gradient in reduce_dtype and adds each micro-batch&apos;s into it, until the last one reduce-scatters: they count whole.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4·s·b·V/t (the compiled loss: BF16 logits and their BF16 gradient)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the compiled loss&apos;s logits and gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes a logit the eager loss holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>eager loss bytes × s·b·V/t (FP32 log-probabilities and their backward&apos;s two FP32 gradients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the eager loss over the logits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·V/t (the BF16 logits the pipeline keeps for the backward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the last stage&apos;s output the pipeline keeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes per element of the input&apos;s all-gathers, in FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes per element of the gradient&apos;s all-gathers, in FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On B200 and GB200 the runs paid 6–8 % more for MXFP8 than for per-tensor FP8 in the same or a similar layout, the model 2–6 % (its MXFP8 GEMMs run 5 % longer, as measured).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one TP all-gather of a layer&apos;s input, in FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one TP all-gather of a layer&apos;s gradient, in FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes of a kept gathered QKV or MLP input (FP8, as gathered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sliding-window layers count the band they compute; Megatron-LM&apos;s count takes every layer&apos;s whole causal triangle and reports a higher MFU for such a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective recomputation as torchtitan runs it (its op-level policy): each layer keeps its input, the outputs of every second matrix product and attention&apos;s output; a MoE block also its routing and the tokens its all-to-alls received, and recomputes its experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer keeps its moments in 16 bits (optimizerMoments), 2 bytes each beside the FP32 master weight: Adam&apos;s 8 bytes a parameter where FP32 moments take 12.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not counted: the memory of the CUDA graphs the step replays (their private memory pool and their static input and output buffers), for which no release states a size. Leave headroom for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ_rank × gradient bytes per parameter × share of the rank&apos;s parameters held at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share of the rank&apos;s parameters held at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without gradient sync between micro-batches (gradientSyncEveryMicroBatch off) FSDP2 keeps each stage&apos;s unsharded gradients in reduce_dtype from its first backward to its last, which reduce-scatters them. This rank runs every backward of one of its stages before the first of another, so only part of its layers&apos; gradients are held at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of these, the GPU waiting for the host to launch eager MoE layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This design launches every kernel eagerly, as the slower runs did: each MoE layer takes at least the host time Megatron-LM&apos;s own tests measure for launching one beyond a dense layer, 6.6 ms forward and backward; the dense part&apos;s launches are not counted, so the run may take longer still.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 dispatches and combines × T·h·e × (copies over NVLink + copies over the network) × MoE layers × micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs of the group on a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies of a token over NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies of a token over the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP dispatches and combines per MoE layer and micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one EP dispatch or combine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert groups (group-limited routing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups a token&apos;s experts come from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uniform routing, within the groups a token is limited to where the model has them. DeepEP and HybridEP send a token once to each GPU that holds one of its experts, and once to each other node that does, whose GPU on the same rail forwards it over NVLink; the alltoall dispatcher sends one copy for each of its k experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each micro-batch in flight also holds the outputs the pipeline keeps until their backward, 2·s·b·h/t for each of the rank&apos;s stages that sends to another rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage outputs kept per micro-batch in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·h/t × (micro-batches × stages sending to another rank + (micro-batches − in flight) × stages receiving from another rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline receive buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6·s·b·V/t (FP32 logits and their BF16 copy or gradient)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Those ran Megatron-LM; torchtitan&apos;s published FSDP2 runs took 0–3 % longer than modelled on A100 (eager PyTorch, Llama 3 8B and 70B) and 12–14 % longer on H200 (Llama 3.1 8B in FP8, compiled, with FlashAttention-2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between torchtitan&apos;s published layouts on H100 the model&apos;s ratio was within 4 % for interleaved 1F1B against 1F1B (Llama 3.1 405B, 512 GPUs) and within 3 % for 128 against 8 GPUs (Llama 3.1 8B); asynchronous TP ran 1.06–1.16 times as fast as vanilla TP there, the model 1.14–1.22 times, and float8 1.16–1.45 times as fast as BF16 at TP 8, the model 1.10–1.35 times; doubling the sequence with CP (32K to 256K) cost the runs 35–58 % of their throughput a GPU on 8 GPUs (Llama 3.1 8B) and 34–48 % on 512 (Llama 3.1 405B), the model 38–46 % and 26–41 %.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On 8 B200 (Llama 3 8B, compiled) torchao&apos;s tensorwise float8 ran 1.25 times and its MXFP8 1.20 times as fast as BF16, the model 1.34 and 1.25 times.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>received inputs kept per micro-batch in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·V/t (the previous micro-batch&apos;s logits, not yet overwritten)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the previous micro-batch&apos;s logits the pipeline keeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2·s·b·h/t (one pipeline receive buffer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline receive buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each micro-batch in flight also holds the inputs the pipeline received, 2·s·b·h for each of the rank&apos;s stages fed from another rank, beside the copies the stages run on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPT-OSS 120B took 1.4 to 1.9 times the modelled step in every published run without the fused grouped MLP, on H100, B200, B300, GB200 and GB300, with BF16 or MXFP8 GEMMs, eager or with CUDA graphs of attention and router; with it, FP8 attention, a CUDA graph of the whole iteration and its experts padded to 1.5 times the mean tokens, 1 % (GB200) to 12 % (GB300) less. The runs&apos; ratios between GPUs in BF16 (GB200 1.23 times B200, B200 2.33 times H100) were within 4 and 10 % of the modelled ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published runs took within 9 % of the modelled step on A100 (Megatron-LM 2021–2022); on H100, B200 and GB200 in FP8 (NeMo and Megatron-Bridge 2025–2026) from 9 % less to 8 % more, NeMo 25.02&apos;s on B200 from 2 % less to 27 % more; Megatron-LM&apos;s own scaling runs in BF16 on H100 (2024) 7–26 % more (docs/kernel-model.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On B200 and GB200, MoE runs with Megatron-Core&apos;s alltoall dispatcher and no CUDA graphs took 1.35 to 1.5 times the modelled step, those with CUDA graphs (HybridEP, or experts padded to a capacity) from 3 % less to 12 % more; on H100 eager runs took 19 % longer with the alltoall dispatcher, 25 % with DeepEP (DeepSeek-V3 on 1,024 GPUs) and 40 % with HybridEP, whose MoE layers the model has waiting 6.6 ms for the host where the run&apos;s took about 9.5 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This design replays CUDA graphs: the runs (but GPT-OSS 120B&apos;s, below) from 3 % faster to 12 % slower graphed attention or the whole iteration with HybridEP, or whole layers with the experts padded to a capacity (Mixtral 8x7B on GB200), where one that graphed only the router and its preprocessing, with the alltoall dispatcher, took 3.0 times the step modelled without host time, as the model prices a graphed design&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between two layouts of one model on the same GPUs under Megatron-Core, the runs&apos; ratio was within 5 % of the modelled one in the published pairs (18 % where MoE layers were launched eagerly), none of which changed the context length or CP, so a difference between layouts holds better than either step time; the Performance tab&apos;s candidates say whether the model decides between two.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FieldText</name>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mesh order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP convention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reshard after forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism: splits every layer&apos;s weight matrices across this many GPUs. Keep it inside a node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallelism: splits the layers into this many stages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallelism: replicas that each process their own micro-batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallelism: splits each sequence across this many GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallelism: spreads the experts of each MoE layer across this many GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which dimension varies fastest across ranks (Megatron&apos;s order string). TP first keeps TP groups on neighbouring GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism inside the experts (Megatron&apos;s convention); 0 means the same as TP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO shards model states across the data-parallel ranks: 1 the optimizer, 2 also gradients, 3 also parameters (FSDP).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hybrid sharding (HSDP): shard inside groups of this many DP ranks and replicate across them; 0 shards across all of DP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP2: free the gathered parameters after forward and gather them again in backward. Off behaves like ZeRO-2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: splits the activations of norms and dropout along the sequence inside the TP group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per micro-batch on each pipeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per optimizer step, across all data-parallel replicas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (interleaved schedule).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of each pipeline stage in order, e.g. &quot;19, 20, 20, 21&quot; (PP × virtual stages numbers adding up to the layers). Empty: an even split.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --tp-comm-overlap: the TP all-gathers and reduce-scatters run under the GEMMs next to them (TransformerEngine userbuffers). Needs sequence parallelism.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whether EP multiplies the world size (the reference article&apos;s rule) or regroups the DP × CP ranks for the MoE layers (Megatron-Core).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary multiple</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The software that runs the layout: what it keeps in memory, what it can offload and which layouts it refuses. Auto: Megatron-Core with TP, PP, CP or EP; DeepSpeed for ZeRO-1/2; PyTorch DDP/FSDP2 otherwise; vLLM for serving.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --make-vocab-size-divisible-by: the output layer is padded to a multiple of this × TP. 0: the framework&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network cards per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fabric oversubscription</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The design&apos;s name: the title of exported launch files, reports and figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP takes the GPUs the other degrees leave: changing TP, PP, CP, EP or the cluster sets DP again. Off keeps DP as you set it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap gradient reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap parameter all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient sync every micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap expert all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --overlap-grad-reduce, DeepSpeed overlap_comm: the gradient reduction runs under the backward. DDP and FSDP2 always overlap it; off shows the step without.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --overlap-param-gather: the distributed optimizer&apos;s all-gather of the updated parameters runs under the next step&apos;s first forward instead of after the optimizer step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP2: reduce-scatter the gradients after every micro-batch (PyTorch&apos;s default). Off: set_requires_gradient_sync(False) until the last one; without resharding after forward the parameters are also gathered once per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core --overlap-moe-expert-parallel-comm: the expert all-to-all runs under the dense computation of the layer, up to that computation&apos;s time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set (default: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sliding window (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window pattern period (layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sliding layers per period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set in the design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asynchronous checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --async-save, torchtitan&apos;s async_mode &quot;async&quot;: each rank copies its share of the parameters and optimizer states to host memory and writes the checkpoint from there while training goes on. The host memory it needs is in the Memory tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce gradients in FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core grad_reduce_in_fp32, FSDP2&apos;s reduce_dtype, DeepSpeed&apos;s communication_data_type: the gradients are reduced across data-parallel ranks in FP32 (4 bytes each) rather than in 16 bits. In Megatron-Core it is also the dtype of the gradient buffer; off, the optimizer keeps an FP32 copy of its gradient shard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused cross-entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --cross-entropy-loss-fusion with the te implementation: the loss over the vocabulary runs as Transformer Engine&apos;s fused kernel, about 6 bytes per logit, instead of in FP32 over the whole logits (about 52 bytes per logit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full recomputation of only the first layers of each model chunk; the others keep their activations, trading memory for less recomputed forward (Megatron-LM --recompute-method block --recompute-num-layers). 0: every layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offloaded activations (layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The activations of the first layers wait in host memory between their forward and backward, copied over the GPU&apos;s host link under the neighbouring layers&apos; compute (Megatron-Core --cpu-offloading --cpu-offloading-num-layers). Needs PP 1 and no recomputation. 0: none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-token prediction depths</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan --compile.enable: torch.compile fuses each layer&apos;s eager elementwise steps (RMSNorm and rotary embeddings through FP32, SwiGLU&apos;s two steps) into generated kernels, so the step no longer pays what the eager kernels move beyond fused ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What selective recomputation recomputes in each layer&apos;s backward instead of keeping, as Megatron-Core names it (--recompute-modules): core_attn, mla_up_proj, layernorm, mlp (dense layers), moe_act, moe, shared_experts, separated by commas. Empty: the framework&apos;s own, core_attn for Megatron-Core, torchtitan&apos;s op-level policy for FSDP2 (every second matrix product and the elementwise steps).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 weight all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather: under FP8 the sharded weights are all-gathered as one byte each instead of two. Megatron-Core then keeps the FP8 weights as the parameters; torchao casts each shard before the gather instead of casting the whole weight in every forward and backward. MXFP8 weights are gathered in BF16 with torchao.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer moments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token dispatcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which kernels the host launches from captured CUDA graphs, as Megatron-Core captures them: per layer (--cuda-graph-impl transformer_engine: a dense layer whole, a dropless MoE layer&apos;s attention, router and preprocessing) or the forward and backward of the whole iteration (full_iteration, with a MoE layer&apos;s experts padded to static shapes). Without graphs each MoE layer takes at least the host&apos;s time to launch it; published MoE runs without graphs took longer still (the step&apos;s explanation says how much).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How Megatron-Core sends a MoE layer&apos;s tokens to their experts and back: alltoall sends one copy of a token for each of its top-k experts; DeepEP and HybridEP (--moe-token-dispatcher-type flex) send it once to each GPU, and across nodes once to each node, that holds one of its experts, forwarded over NVLink on arrival. DeepEP reaches at most 8 GPUs of a node; HybridEP also a larger NVLink domain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group-limited routing: the experts in this many equal groups, a token&apos;s experts drawn from the groups its router scores highest, so DeepEP and HybridEP send it to fewer nodes (DeepSeek-V3: 4 of 8 groups, at most 4 nodes). 0 groups: routed over all experts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>%1: figures are written as .png, .svg or .pdf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view has no size yet; show it first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temporary buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PinDesign</name>
    <message>
        <source>%1 is not a design Meshwright can read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file and no example of that name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Recipes</name>
    <message>
        <source>PP %1 (interleaved, %3 chunks per rank) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 (ZB-H1: weight gradients fill the bubble, 1F1B&apos;s memory) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 (ZB-V: two chunks per rank in a V, weight gradients fill the bubble) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 (DualPipeV: two chunks per rank in a V, one micro-batch&apos;s forward overlapped with another&apos;s backward) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 (DualPipe: micro-batches enter from both ends, every stage held twice and its gradients summed across the pair) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 (GPipe) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 (1F1B) sends only activations between stages, so it may cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 inside one node over %2 (the fastest domain).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP %1 spans nodes: its all-reduces cross %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP %1 splits the %2-token sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP %1 spreads the %2 experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 independent replicas serve their own requests: throughput adds up, latency stays.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 replicates the model (DDP).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 with ZeRO-1 shards the optimizer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 with ZeRO-2 shards optimizer and gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP %1 with FSDP (ZeRO-3) shards all model states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP %1 holds a larger model, but a token passes its stages in turn: it adds latency, not speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full recomputation to fit the activations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective recomputation of attention.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 GEMMs on the FP8 tensor cores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer states in host memory, stepped by the CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters and optimizer states in host memory, fetched for every micro-batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One GPU holds the whole model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective recomputation of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective recomputation as torchtitan runs it: every second matrix product and the elementwise steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The expert all-to-all runs exposed here: Megatron-Core overlaps it only with virtual stages under PP and without full recomputation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every kernel launched without the design&apos;s CUDA graphs here: its framework does not run them with this recomputation or offloading.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>, sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, TP overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, schedule %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> × %n virtual stage(s)</source>
        <translation>
            <numerusform> × %n virtual stage</numerusform>
            <numerusform> × %n virtual stages</numerusform>
        </translation>
    </message>
    <message>
        <source>, micro-batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (auto)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training, sequence %1, global batch %2 (%3 micro-batches per pipeline), %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>serving, %1 of %2 tokens per replica, KV cache %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sequence(s)</source>
        <translation>
            <numerusform>%n sequence</numerusform>
            <numerusform>%n sequences</numerusform>
        </translation>
    </message>
    <message>
        <source>Design summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 (%3 in service)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s)</source>
        <translation>
            <numerusform>%n GPU</numerusform>
            <numerusform>%n GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>world size %1 = %2; order %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding and schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit in memory: it cannot run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: every check passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>params</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not computed: the model or the placement is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per GPU, one row per pipeline stage and GPU type (GB = 10&lt;sup&gt;9&lt;/sup&gt; bytes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak: rank %1, %2 — every rank fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak: rank %1, %2 — &lt;b&gt;does not fit&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One request (prompt and output)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second, one replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second, the serving group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode bound by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Performance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step time: the design serves, has errors, or its pipeline is too large to simulate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  pipeline (schedule makespan)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  exposed data-parallel synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed point-to-point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute at %1 of the GPUs&apos; peak (the compute model&apos;s assumption).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other layout pinned: pin candidates on the Performance tab to compare them here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (fits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity with %1: within tolerance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity with %1: outside tolerance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None yet: meshwright-cli record add puts a run&apos;s measurements into the design, and they appear here beside the prediction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch configurations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which frameworks can run this split (meshwright-cli export --format NAME writes each).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot express</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No figures were drawn for this report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Design report written by Meshwright. Every figure comes from its model of memory, communication and compute; measured runs can differ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster: nodes, links and every GPU, coloured by its tensor-parallel group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster coloured by pipeline stage, with the fabric links that carry the pipeline&apos;s activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cluster coloured by pipeline group, with the links that carry the pipeline&apos;s activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU by category, against each GPU&apos;s capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One training step of the pipeline, per stage: forward (blue) and backward (orange) passes, the communication beneath, idle time hatched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong and weak scaling: throughput and efficiency against the GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report&apos;s figures need the graphical application.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> of the first %n layer(s) of each chunk</source>
        <translation>
            <numerusform> of the first layer of each chunk</numerusform>
            <numerusform> of the first %n layers of each chunk</numerusform>
        </translation>
    </message>
    <message>
        <source>tight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak: rank %1, %2 — &lt;b&gt;tight&lt;/b&gt;: it fits only if the allocator fragments less than the reserve assumes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SaveFile</name>
    <message>
        <source>Cannot save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message>
        <source>DDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP / ZeRO-3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replicas (DP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every GPU keeps a full training replica and trains on its own micro-batches; the gradients are all-reduced before the optimizer step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights, gradients and optimizer states are sharded: each GPU stores a quarter. A layer&apos;s weights are all-gathered for forward and again for backward; gradients go back to their owners by reduce-scatter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every weight matrix is split inside the layer (columns, then rows); the partial results are all-reduced in every layer, forward and backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each GPU holds a group of consecutive layers (a stage) and passes activations forward and gradients back; micro-batches keep the stages busy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sequence is split: each GPU keeps the activations of its part of the context. Weights are replicated; attention passes key/value blocks around a ring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The experts of each MoE layer are spread over the GPUs; the router sends tokens to their experts with an all-to-all and brings the results back with another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parts of the weight matrices on each GPU; collectives in every layer of every forward pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups of consecutive layers on each GPU; activations pass from stage to stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complete serving replicas: independent requests need no communication between them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Different MoE experts on each GPU; tokens are routed to their experts, often with an all-to-all exchange.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts (in weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>own batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial sums</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key/value blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Saves:&lt;/b&gt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing in memory: %1 of model states (16 bytes per parameter) on every GPU, %2 peak. Simple semantics; backward overlaps the all-reduce.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing in memory — each replica holds the whole model, %1 per GPU; but no communication between replicas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 per GPU instead of %2 for a full replica (%3); weights %4 instead of %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 per GPU instead of %2 for a full replica (%3); model states %4 instead of %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations %1: each GPU keeps a quarter of the sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Costs:&lt;/b&gt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>collectives in every layer of every forward pass, on the critical path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a send between stages per forward pass; uneven stages and pipeline idle time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every GPU must hold the whole model and its KV cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two all-to-alls per MoE layer; uneven expert load.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent per GPU per training step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About 1.5× the communication of DDP (ZeRO paper).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two all-reduces per layer forward and two backward, on the critical path: keep TP inside a node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights stay replicated; attention waits for key/value blocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load balance, capacity limits, dropped tokens and padding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits in %1 per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model fits one GPU with its KV cache: test independent replicas first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One GPU is not enough: shard with TP inside a node first, add PP across nodes only if a node is not enough.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dense whole + ¼ experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 per GPU instead of %2 for a full replica (%3); model states unchanged at %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations %1 per GPU, not a quarter of the full replica&apos;s %2: TP divides only the tensors inside attention and the MLP by t = %3; the layer-norm and attention inputs (and dropout masks, where the model has dropout) stay whole on every GPU — per layer sbh(10 + 24/t + 5as/(ht)) instead of sbh(34 + 5as/h) (Korthikanti et al. 2022). Sequence parallelism splits those too, (sbh/t)(34 + 5as/h): %4 per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations: each stage computes %1 of the %2 layers, but under 1F1B the first stage keeps %3 micro-batches in flight, so GPU %4 holds %5 — about what a full replica keeps for one micro-batch through every layer (%6): (sbhL/t)(34 + 5as/h) on the first stage, whatever p (Korthikanti et al. 2022). The last stage keeps %7 in flight: %8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble: the reference article&apos;s (p−1)/(m+p−1) with p = %1 stages and m = %2 micro-batches leaves %3 idle; Meshwright&apos;s schedule with this model&apos;s stage and send times gives %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit in %1 per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>%1 – %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline rank %1 · rank %2 · GPU %3 on node %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle (bubble)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs while the GPU computes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Bucket %1&lt;/b&gt;: %2 in %Ln gradient tensor(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Bucket %1&lt;/b&gt;: %2 in %Ln gradient tensor</numerusform>
            <numerusform>&lt;b&gt;Bucket %1&lt;/b&gt;: %2 in %Ln gradient tensors</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready at %1; %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of it after the backward: exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the root (embedding, head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-gather of %1 for the backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-gather of %1 for the forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce-scatter of the gradients of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters on this rank before sharding, over %2 ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward (input gradient)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward and backward, overlapped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward of micro-batch %1 on stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward of micro-batch %1 on stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input-gradient backward of micro-batch %1 on stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight gradient of micro-batch %1 on stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward of micro-batch %1 on stage %2, overlapped with the backward of micro-batch %3 on stage %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor-parallel collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context-parallel ring exchange</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline send to the next stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data-parallel gradient reduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-V</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-gather of the updated parameters under the next step&apos;s first forward (%1, overlap-param-gather): %2, of which %3 exposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-gather of the updated parameters after the optimizer step: %1, exposed (the next forward waits for it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next forward begins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe: this rank&apos;s gradients of its two stages all-reduced with pipeline rank %1, which holds the same stages: %2 in %3, exposed (deepseek-ai/DualPipe sums them after the step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The word embedding&apos;s gradient all-reduced with pipeline rank %1, which keeps the other copy: %2 in %3, exposed (Megatron-LM sums them after the data-parallel reduction)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::Document</name>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster of %1 × %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Add a node with %Ln %1 GPU(s)</source>
        <translation>
            <numerusform>Add a node with %Ln %1 GPU</numerusform>
            <numerusform>Add a node with %Ln %1 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Add %Ln %1 GPU(s) to node %2</source>
        <translation>
            <numerusform>Add %Ln %1 GPU to node %2</numerusform>
            <numerusform>Add %Ln %1 GPUs to node %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %Ln GPU(s) to node %1</source>
        <translation>
            <numerusform>Move %Ln GPU to node %1</numerusform>
            <numerusform>Move %Ln GPUs to node %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln node(s)</source>
        <translation>
            <numerusform>Remove %Ln node</numerusform>
            <numerusform>Remove %Ln nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln GPU(s)</source>
        <translation>
            <numerusform>Remove %Ln GPU</numerusform>
            <numerusform>Remove %Ln GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove nodes and GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Add %Ln node(s) of %1 × %2</source>
        <translation>
            <numerusform>Add %Ln node of %1 × %2</numerusform>
            <numerusform>Add %Ln nodes of %1 × %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %Ln node(s)</source>
        <translation>
            <numerusform>Duplicate %Ln node</numerusform>
            <numerusform>Duplicate %Ln nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %Ln GPU(s) to service</source>
        <translation>
            <numerusform>Return %Ln GPU to service</numerusform>
            <numerusform>Return %Ln GPUs to service</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take %Ln GPU(s) out of service</source>
        <translation>
            <numerusform>Take %Ln GPU out of service</numerusform>
            <numerusform>Take %Ln GPUs out of service</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set the link of %Ln node(s) to %1</source>
        <translation>
            <numerusform>Set the link of %Ln node to %1</numerusform>
            <numerusform>Set the link of %Ln nodes to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Place rank %1 on GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-place the ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep TP inside nodes: TP first in the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep EP inside nodes: EP right after TP in the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with the newest record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (Auto DP off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; Auto DP: DP %2 takes the free GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::EvaluationStatus</name>
    <message>
        <source>Evaluating %1 GPUs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop evaluating and undo the changes made since the design shown was evaluated</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::ExportMenu</name>
    <message>
        <source>Figure Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Launch Configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Figure of the Current View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Design &amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measured Records…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Export the Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no evaluated design to report on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write Design Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>design-report.pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;HTML page (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Write the Report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::HelpDialog</name>
    <message>
        <source>Menus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo and redo act on the design wherever the focus is; a value being typed is entered first, so that undo takes it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected GPUs or nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select every GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Esc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel a drag, or clear the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in, zoom out (or Ctrl + mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the cluster into the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster canvas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page Down, Page Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next view, previous view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right, Left (Space, Backspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step, previous step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view&apos;s variant on or off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start or leave the presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn window</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::ImportMenu</name>
    <message>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model (Hugging Face config.json)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiler &amp;Trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Import the Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Import the Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a model Meshwright can import:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model configurations (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model Imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The import was cancelled; the design is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a readable profiler trace:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import trace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a PyTorch Profiler Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiler traces (*.json *.json.gz *.gz);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Launch Configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be imported:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import launch configuration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any launch file, format from its name and contents (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM arguments (*.sh *.txt *.args)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan config (*.toml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accelerate config (*.yaml *.yml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed config (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM command (*.sh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang command (*.sh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a Launch Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Import the Launch Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch Configuration Imported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::LaunchConfigDialog</name>
    <message>
        <source>torchrun command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accelerate FSDP2 configuration (YAML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed configuration (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM serving command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang serving command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documented flags of:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything the design sets is expressed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Launch Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtitan job config (TOML)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::LearnWindow</name>
    <message>
        <source>Six splits on four GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism: the MLP split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallelism: chunks and ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallelism: routing tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving: what each GPU stores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learn — Meshwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Learn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start &amp;Presentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: PageDown/PageUp view · Right/Left step · F5 presentation · Esc leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — step %2 of %3 · view %4 of %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Figure…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write this view at its current step as PNG, SVG or PDF (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys: PageDown/PageUp view · Right/Left step · %1 %2 · F5 presentation · Esc leave</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::MainWindow</name>
    <message>
        <source>About Meshwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Meshwright %1&lt;/h3&gt;&lt;p&gt;Design, check and teach how large language models are split across GPUs: data, tensor, pipeline, context and expert parallelism, on real hardware.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Meshwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Meshwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent designs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright designs (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a design Meshwright can read. Nothing was changed.

%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright designs (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the screenshot to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Performance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard Shortcuts — Meshwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User Guide — Meshwright</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::NewRecordDialog</name>
    <message>
        <source>New Measured Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a record document (&quot;meshwright.record&quot;, as a training job writes it); the README lists every field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste &amp;JSON</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::RecordForm</name>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of which %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local batch (micro-batch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Useful tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point-to-point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stalls and restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input stalls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s per checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity with the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference (metric − baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not judged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: “%2” is not a whole number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: “%2” is not a number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3 %4; it is %5 %4.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app::RecordsDialog</name>
    <message>
        <source>  of which %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch (sequences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible all-reduce per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible all-gather per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible reduce-scatter per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible all-to-all per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible point-to-point per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input stalls per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parity with the baseline (difference)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unnamed record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No measured records yet: import a record file (&quot;meshwright.record&quot;) written from a real run of this layout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a readable record:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add measured record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove measured record %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Measured Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Meshwright records (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Import the Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences in flight (all replicas)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 measured, not predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 measured, %2 predicted, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &amp;views compare the prediction with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest record (by date)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pp</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::ActivationPlot</name>
    <message>
        <source>&lt;b&gt;Activation memory&lt;/b&gt; each pipeline rank holds over the step (a provisional estimate after Korthikanti et al. 2022, until the memory model provides it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 on %2. Click here or in the timeline to read every stage at one moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on all ranks together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Activation memory&lt;/b&gt; each pipeline rank holds over the step: the memory model&apos;s activations (as in the Memory tab), rising with every forward in flight and falling with every backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Activation memory&lt;/b&gt; per pipeline rank over the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::BubblePlot</name>
    <message>
        <source>Micro-batches per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle share (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idealized: (p − 1)/(m + p − 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Bubble&lt;/b&gt;: the idle share of the pipeline against the number of micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Bubble&lt;/b&gt;: with one pipeline stage there is none; the micro-batches run back to back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, this design&apos;s stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this design: m = %1, %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this design: m = %1, 0 %
one stage: no pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::ClusterCanvas</name>
    <message>
        <source>%1 traffic of rank 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Node %1 · %Ln GPU(s) · %2</source>
        <translation>
            <numerusform>Node %1 · %Ln GPU · %2</numerusform>
            <numerusform>Node %1 · %Ln GPUs · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>GPU %1 (%2), slot %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: the layout has no rank for this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends per step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swap rank %1 with rank %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place rank %1 on GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Move %Ln GPU(s) to node %1</source>
        <translation>
            <numerusform>Move %Ln GPU to node %1</numerusform>
            <numerusform>Move %Ln GPUs to node %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln GPU(s)</source>
        <translation>
            <numerusform>Remove %Ln GPU</numerusform>
            <numerusform>Remove %Ln GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take %Ln GPU(s) out of service</source>
        <translation>
            <numerusform>Take %Ln GPU out of service</numerusform>
            <numerusform>Take %Ln GPUs out of service</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %Ln GPU(s) to service</source>
        <translation>
            <numerusform>Return %Ln GPU to service</numerusform>
            <numerusform>Return %Ln GPUs to service</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take node out of service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Return node to service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fabric between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-place the ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select all GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the cluster in view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a %1 to node %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New node with a %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add an %1 to node %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: %1 of %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tight</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::ClusterPanel</name>
    <message>
        <source>Colour GPUs by group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel groups: split each layer&apos;s matrices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel groups: the stages one micro-batch passes through</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallel groups: replicas that synchronise gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context parallel groups: split the sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel groups: share the experts of each MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dragging moves:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag a GPU to another node or slot to move it; drag it out of every node to remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag a rank onto another GPU to swap the two placements (Shift switches for one drag).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the explicit placement: ranks go back to the topology-aware default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the cluster in view (Ctrl+0). Ctrl+wheel zooms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag a GPU type into a node to add it, or onto empty space for a new node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add nodes of the selected GPU type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traffic per GPU and training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes the busiest GPU sends per training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under each node&apos;s GPUs: its NVLink (dashed: PCIe). Lines down to the lanes: the fabric between nodes. Coloured and thicker where the chosen group&apos;s traffic runs. Hover a GPU to see all its groups.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traffic per training step is shown for training designs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traffic needs a valid model and a GPU for every rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink inside the nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe inside the nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the fabric between nodes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All GPUs per step: NVLink %1 · PCIe %2 · fabric %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: no traffic (%1 = %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 over %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 traffic: %2 per GPU per training step&lt;/b&gt; (busiest GPU; %3) — %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 TP groups span nodes: every layer&apos;s TP collectives cross the slow fabric.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the TP traffic runs over the fabric.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP=%1 runs over PCIe: every layer&apos;s all-reduce crosses PCIe. Keep TP at 1 or 2 without NVLink.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No placement keeps every TP group inside a node: TP must divide the GPUs per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 GPUs in service; the layout needs %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln node(s) out of service.</source>
        <translation>
            <numerusform>%Ln node out of service.</numerusform>
            <numerusform>%Ln nodes out of service.</numerusform>
        </translation>
    </message>
    <message>
        <source>The explicit placement no longer fits the cluster; the canvas shows the default placement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s) have no GPU.</source>
        <translation>
            <numerusform>%Ln rank has no GPU.</numerusform>
            <numerusform>%Ln ranks have no GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>Groups losing a member: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every rank has a GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right-click a GPU or node to take it out of service or slow its link; Ctrl+Z brings it back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ranks: the layout&apos;s degrees are not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 on node %2, GPU %3 · DP %4 · TP %5 · PP %6 · CP %7 · EP %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 group %2 selected: ranks %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How does %1 split?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the teaching view of this split (Learn menu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the EP traffic runs over the fabric.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep EP inside nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep TP inside nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto-place: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No smaller data-parallel degree fits the GPUs in service: the layout cannot run on them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regrouped with DP %1 instead of %2 (%3 GPUs):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 instead of %2, MFU %3 instead of %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s instead of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It no longer fits in memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spread over nodes: colour = %1 (0–%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hover a GPU to see its groups; drag it to move it; Delete removes the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP rank (its sequence chunks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP rank (its experts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower links: %1 (the others: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 instead of %2, MFU %3 instead of %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing what the changes cost…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> node(s)</source>
        <translation>
            <numerusform> node</numerusform>
            <numerusform> nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> GPU(s)</source>
        <translation>
            <numerusform> GPU</numerusform>
            <numerusform> GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>, and the global batch of %1 splits into micro-batches of %2 evenly over no more than %3 of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s)</source>
        <translation>
            <numerusform>%Ln rank</numerusform>
            <numerusform>%Ln ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln %1 group(s) of %2</source>
        <translation>
            <numerusform>%Ln %1 group of %2</numerusform>
            <numerusform>%Ln %1 groups of %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>groups of %Ln rank(s)</source>
        <translation>
            <numerusform>groups of %Ln rank</numerusform>
            <numerusform>groups of %Ln ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>gradient synchronisation over the %Ln rank(s) holding the same parameters</source>
        <translation>
            <numerusform>gradient synchronisation over the %Ln rank holding the same parameters</numerusform>
            <numerusform>gradient synchronisation over the %Ln ranks holding the same parameters</numerusform>
        </translation>
    </message>
    <message>
        <source>Each replica keeps its %1 (TP, PP, CP and EP stay), so the %2 in service hold %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln replica(s)</source>
        <translation>
            <numerusform>%Ln replica</numerusform>
            <numerusform>%Ln replicas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::CollectivePanel</name>
    <message>
        <source>Collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 per rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many chunks each rank&apos;s buffer is cut into. Ring, pairwise and hierarchical algorithms need a multiple of the ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S as nccl-tests counts it: the all-reduce buffer, the whole gathered output of an all-gather, the whole input of a reduce-scatter, the whole send buffer of an all-to-all, the message of a send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use my own values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups of this design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a group to play its collective on its GPUs, with its message and links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside a node (per rank and direction):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency of one message (α)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all in one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost (α–β model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the state before the first step (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One step back (Left arrow, Page Up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the next step (Right arrow, Page Down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play all steps, or pause (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This group has %1 ranks; the animation shows up to %2. Its time and bandwidths are on the right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fabric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s activations, s·b·h·e = %1 × %2 × %3 × %4 B = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the gradients of one rank&apos;s model shard, %1 parameters × %2 B = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the KV blocks of ring attention, one per rank: %1 × 2·(s/CP)·b·(KV heads)·d·e = %1 × 2 × %2 × %3 × %4 × %5 × %6 B = %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the token dispatch of one MoE layer, T·k·h·e = %1 × %2 × %3 × %4 B = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This group cannot be played: some of its ranks have no GPU, or a link of the design is unknown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2
Links: %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, between nodes %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The design has no TP, DP, CP or EP group of two or more ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 %2&lt;/b&gt; on %Ln node(s). Its message: %3.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 %2&lt;/b&gt; on %Ln node. Its message: %3.</numerusform>
            <numerusform>&lt;b&gt;%1 %2&lt;/b&gt; on %Ln nodes. Its message: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Inside a node: %1 (%2, α %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between nodes: %1 (%2, α %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nodes hold different numbers of this group&apos;s GPUs; hops are priced as if each node held %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency %1 + transfer %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + reduction %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Time: %1&lt;/b&gt; in %Ln step(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Time: %1&lt;/b&gt; in %Ln step</numerusform>
            <numerusform>&lt;b&gt;Time: %1&lt;/b&gt; in %Ln steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Time: %1&lt;/b&gt;, %Ln message(s) one after another</source>
        <translation>
            <numerusform>&lt;b&gt;Time: %1&lt;/b&gt;, %Ln message one after another</numerusform>
            <numerusform>&lt;b&gt;Time: %1&lt;/b&gt;, %Ln messages one after another</numerusform>
        </translation>
    </message>
    <message>
        <source>MPICH&apos;s binomial-tree formula, which does not pipeline the chunks, gives %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= S / time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n = %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= algbw × factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why they differ: an all-reduce moves 2(n−1)/n of the buffer over each rank&apos;s link, so busbw is what a link carried, comparable with its %1 at any rank count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why they differ: only the (n−1)/n of the buffer that belongs to other ranks crosses each rank&apos;s link, so busbw is what a link carried, comparable with its %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why they differ: each rank keeps 1/n of its send buffer and sends (n−1)/n over its link, so busbw is what a link carried, comparable with its %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>They are the same: the whole message crosses the link once (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;This group crosses the fabric&lt;/b&gt; (%1). The same collective inside one node over %2 would take %3: the fabric makes it %4× slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This group stays inside one node, on %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every rank ends up with the sum of all ranks&apos; tensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every rank ends up with the shards of all ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every rank ends up with the sum of one shard, its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every rank sends every other rank a different piece.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 sends its tensor to exactly one other rank, %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every rank sends its tensor to the next rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before: each of the %1 ranks holds only its own shard (one column per rank, one cell per chunk).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before: each of the %1 ranks holds one piece for every rank (&quot;2.1&quot; is rank 2&apos;s piece for rank 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before: each of the %1 ranks holds its own tensor, cut into %2 chunks (one column per rank, one cell per chunk).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Goal: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 sends chunk %2 to rank %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 sends chunks %2 to rank %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, … (%1 links at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial sums go up the trees and are added, finished sums come down and are copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each receiver adds it to its own part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each receiver keeps a copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: %4; %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-gather and reduce-scatter (sequence parallel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln group(s) of %2 · %3</source>
        <translation>
            <numerusform>%1: %Ln group of %2 · %3</numerusform>
            <numerusform>%1: %Ln groups of %2 · %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Copies %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>DualPipe copies: %Ln pair(s) r, PP−1−r · %1</source>
        <translation>
            <numerusform>DualPipe copies: %Ln pair r, PP−1−r · %1</numerusform>
            <numerusform>DualPipe copies: %Ln pairs r, PP−1−r · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>DualPipe&apos;s sum of both copies of two stages, the rank&apos;s ZeRO partition of their gradients: %1 parameters × %2 B = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe&apos;s sum of both copies of two stages, their gradients: %1 parameters × %2 B = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Embedding copies: %Ln pair(s) of the first and last stage · %1</source>
        <translation>
            <numerusform>Embedding copies: %Ln pair of the first and last stage · %1</numerusform>
            <numerusform>Embedding copies: %Ln pairs of the first and last stage · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>the first and last stage&apos;s sum of the word embedding&apos;s two copies, the rank&apos;s FSDP shard of its gradient: %1 parameters × %2 B = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first and last stage&apos;s sum of the word embedding&apos;s two copies, its gradient: %1 parameters × %2 B = %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::CollectiveView</name>
    <message>
        <source>Now: before step 1 of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now: step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring shift: every rank sends to the next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring: every rank sends to the next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double binary tree: each tree carries half the chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairwise: in each step every rank swaps with one partner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hierarchical: rings inside each node, then across nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Direct: one rank sends to another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tree 0: first half of the chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tree 1: second half</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per step: %1 in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per step (%1): %2 in total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colours: whose data a cell holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stripes: the ranks summed into the chunk so far; &quot;0+2&quot; = rank 0&apos;s plus rank 2&apos;s part, &quot;3/8&quot; = 3 of 8 ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framed Σ: the sum over all ranks, the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;2.1&quot; = chunk 1 of rank 2: each rank sends chunk j to rank j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A number names the rank the chunk came from; dashed = empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orange: moving in this step; a &quot;+&quot; packet is added to what the receiver holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faded after: partial sums the rank does not keep</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::ContextRingView</name>
    <message>
        <source>&lt;b&gt;Context parallelism&lt;/b&gt; on four GPUs: %1 tokens of %2, cut into %3 chunks. Causal attention: a query sees only the keys before it (the lower triangle). Each ring step, every GPU computes its queries against one key/value block and passes the block on: %4 per send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load-balanced: 2·CP chunks, GPU r keeps chunks r and 2·CP−1−r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1: %2 M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Ring step %1 of %2.&lt;/b&gt; Query–key pairs computed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then every GPU sends its key/value block to the next GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last step: no more sends (%1 sends in all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over all steps the busiest GPU does %1× the average work%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — the balanced split evens out the causal triangle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — with contiguous chunks the GPU holding the end of the sequence works most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keys →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queries →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work in this step (query–key pairs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contiguous chunks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::DesignSummary</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output head %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 × %2 GPUs&lt;/b&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 inside nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 between nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Training&lt;/b&gt;: global batch %1 × %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch does not divide into micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>visible communication per step: all-reduce %1, all-gather %2, reduce-scatter %3, all-to-all %4, point-to-point %5 · data-parallel sync after the pipeline %6 · optimizer %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step = %1. MFU = %2. Compute efficiency %3 % of peak for this GEMM width.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a request of %1 prompt and %2 output tokens takes %3 · each decode step reads %4 per GPU (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured&lt;/b&gt; in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no step time, tokens per second, MFU or latency (File ▸ Export ▸ Measured Records… lists everything the record holds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln rank(s)&lt;/b&gt; = %1</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln rank&lt;/b&gt; = %1</numerusform>
            <numerusform>&lt;b&gt;%Ln ranks&lt;/b&gt; = %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln GPU(s)&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln GPU&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;%Ln GPUs&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %Ln node(s)</source>
        <translation>
            <numerusform>in %Ln node</numerusform>
            <numerusform>in %Ln nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln micro-batch(es) of %1 per pipeline and step</source>
        <translation>
            <numerusform>%Ln micro-batch of %1 per pipeline and step</numerusform>
            <numerusform>%Ln micro-batches of %1 per pipeline and step</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Serving&lt;/b&gt;: %Ln sequence(s) of %1 tokens per replica</source>
        <translation>
            <numerusform>&lt;b&gt;Serving&lt;/b&gt;: %Ln sequence of %1 tokens per replica</numerusform>
            <numerusform>&lt;b&gt;Serving&lt;/b&gt;: %Ln sequences of %1 tokens per replica</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln replica(s)</source>
        <translation>
            <numerusform>%Ln replica</numerusform>
            <numerusform>%Ln replicas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The layout cannot run: %Ln error(s), see Diagnostics.</source>
        <translation>
            <numerusform>The layout cannot run: %Ln error, see Diagnostics.</numerusform>
            <numerusform>The layout cannot run: %Ln errors, see Diagnostics.</numerusform>
        </translation>
    </message>
    <message>
        <source>The layout does not fit in memory: it cannot run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 needs %2 but its GPU holds %3; it cannot run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If it ran:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step time: the figures need a layout without errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Valid layout: %1 on %2, %Ln GPU(s) idle.</source>
        <translation>
            <numerusform>Valid layout: %1 on %2, %Ln GPU idle.</numerusform>
            <numerusform>Valid layout: %1 on %2, %Ln GPUs idle.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s)</source>
        <translation>
            <numerusform>%Ln rank</numerusform>
            <numerusform>%Ln ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message>
        <source>Valid layout: %1 on %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;First token %1&lt;/b&gt; · %2 per further token · %3 tokens/s for the group (%4 × %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequence(s)</source>
        <translation>
            <numerusform>%Ln sequence</numerusform>
            <numerusform>%Ln sequences</numerusform>
        </translation>
    </message>
    <message>
        <source>No step time: the pipeline runs too many operations per step to simulate (see Diagnostics).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multi-token prediction %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU %1 % of the BF16 peak, %2 % of FP8 (HFU %3 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU %1 % (HFU %2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt; · %2 tokens/s · %3 · bubble %4 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Valid layout, tight in memory: rank %1 needs %2 of %3 only with the fragmentation allowance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, of which FSDP2&apos;s buffer copies %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts: EP %1 × expert TP %2 × expert DP %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the step, the GPUs wait %1 for the host to launch MoE layers without CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::DiagnosticsModel</name>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::DiagnosticsPanel</name>
    <message>
        <source>No problems: the layout is consistent with the model and the cluster.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln error</numerusform>
            <numerusform>%Ln errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln warning</numerusform>
            <numerusform>%Ln warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation>
            <numerusform>%Ln note</numerusform>
            <numerusform>%Ln notes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::ExpertRoutingView</name>
    <message>
        <source>&lt;b&gt;Expert parallelism&lt;/b&gt; with %1&apos;s router: %2 tokens on %3 GPUs, %4 experts (%5 per GPU), each token goes to its top %6. Every square is a token, coloured by the experts the router chose for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropless (no capacity limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Router seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2.&lt;/b&gt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Dropless:&lt;/b&gt; every expert processes all its tokens (from %1 to %2), nothing is dropped or padded, and the work per expert varies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity = ⌈c × T × k / E⌉ = ⌈%1 × %2 × %3 / %4⌉ = &lt;b&gt;%5&lt;/b&gt; tokens per expert. Above it &lt;b&gt;%6 assignments are dropped&lt;/b&gt; (red: those tokens skip the expert); below it &lt;b&gt;%7 slots are padded&lt;/b&gt; (grey: computed on nothing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &lt;b&gt;dispatch all-to-all&lt;/b&gt; sends every kept assignment to the GPU of its expert: %1 of %2 leave their GPU (the numbers on the lines).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The &lt;b&gt;combine all-to-all&lt;/b&gt; brings the results back to the tokens&apos; GPUs, where each token adds its experts&apos; outputs, weighted by the router. Backward repeats both all-to-alls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1: tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1: experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E%1: %2, −%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↓ dispatch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↑ combine: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropless routing</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The router picks %Ln expert(s) for each token: %1 assignments, counted per expert below. They are not even: expert %2 got %3, expert %4 only %5.</source>
        <translation>
            <numerusform>The router picks %Ln expert for each token: %1 assignments, counted per expert below. They are not even: expert %2 got %3, expert %4 only %5.</numerusform>
            <numerusform>The router picks %Ln experts for each token: %1 assignments, counted per expert below. They are not even: expert %2 got %3, expert %4 only %5.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::ExplanationDialog</name>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::LayoutInspector</name>
    <message>
        <source>GPipe (all forward, then all backward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B (one forward, one backward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaved 1F1B (virtual stages)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-H1 (zero bubble, split backward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZB-V (zero bubble, V-shaped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (keep all activations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full (keep only layer inputs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron BF16, FP32 gradients (2 + 4 + 12 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer to CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carved out of DP × CP (Megatron)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 — replicate everything (DDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 — shard optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 — shard gradients too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3 — shard parameters too (FSDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch and pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside a node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom architecture.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed from the preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not modelled yet: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nodes differ; changing the shape here rebuilds every node alike.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>World size %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own dimension: world × EP (reference article)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 mixed (bytes as the framework keeps them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters and optimizer to CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto (from the layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-Core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch FSDP2 / DDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe (bidirectional, 2× parameters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the GPU type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CPU memory of every node, which offloaded optimizer states and parameters need; 0: the GPUs&apos; vendor reference system (DGX H100: 2 TB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 mixed, loss scaling (16-bit gradients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delayed scaling (amax history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current scaling per tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MXFP8 blocks of 32 (Blackwell)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blockwise, 128-value blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective (the framework&apos;s own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest published</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention-2 (SDPA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 (Megatron-Core&apos;s precision-aware optimizer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 (Megatron-Core&apos;s precision-aware optimizer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (every kernel launched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per layer (Transformer Engine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All-to-all (a copy per expert)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepEP (a copy per GPU and node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HybridEP (a copy per GPU and node)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::LessonView</name>
    <message>
        <source>Key: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::MemoryBars</name>
    <message>
        <source>GB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank, grouped by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs by node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one bar per pipeline stage (× ranks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Pipeline stage %1&lt;/b&gt; — %2 ranks alike (first: rank %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Rank %1&lt;/b&gt; — pipeline stage %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of optimizer states offloaded to CPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a segment to see where it comes from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured peak %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 measured %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the strip under a bar: its pipeline stage&apos;s colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Over only by the fragmentation allowance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tight: without the fragmentation allowance %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::MemoryPanel</name>
    <message>
        <source>Every GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One bar per GPU, grouped by node; off: one bar per pipeline stage, standing for all ranks alike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory figures: fix the errors in the design first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Peak: rank %1 needs %2 of %3&lt;/b&gt; (pipeline stage %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every GPU fits, with the reserve kept free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of rank %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How does ZeRO/FSDP split?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the teaching view of sharded data parallelism (Learn menu)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache per sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent sequences that fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s) do not fit.</source>
        <translation>
            <numerusform>%Ln rank does not fit.</numerusform>
            <numerusform>%Ln ranks do not fit.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;As %1 states it at start-up: %2 × %3 = %4 usable; weights %5, non-torch memory %6, activation peak %7; the KV cache gets %8 = %9 blocks of %10 tokens.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;KV cache per sequence of %1 tokens: &lt;a href=&apos;kvBytesPerSequence&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt; on the fullest GPU.&lt;/p&gt;&lt;p&gt;At most &lt;a href=&apos;maxConcurrentSequences&apos;&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/a&gt; fit per replica next to the weights and the workspace; the design asks for %4.&lt;/p&gt;&lt;p&gt;%5 serve %6 at once.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequence(s)</source>
        <translation>
            <numerusform>%Ln sequence</numerusform>
            <numerusform>%Ln sequences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln replica(s)</source>
        <translation>
            <numerusform>%Ln replica</numerusform>
            <numerusform>%Ln replicas</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory per node: nothing offloaded (%1 per node).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory per node: &lt;a href=&apos;hostMemory&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/a&gt; of %2 (what is offloaded, with its pinned buffers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln node(s) need more than their RAM.</source>
        <translation>
            <numerusform>%Ln node needs more than its RAM.</numerusform>
            <numerusform>%Ln nodes need more than their RAM.</numerusform>
        </translation>
    </message>
    <message>
        <source>Host memory per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host memory per node: &lt;a href=&apos;hostMemory&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/a&gt; of %2 (the asynchronous checkpoint&apos;s staging, and what is offloaded with its pinned buffers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s) tight: over only by the fragmentation allowance (see Diagnostics).</source>
        <translation>
            <numerusform>%Ln rank tight: over only by the fragmentation allowance (see Diagnostics).</numerusform>
            <numerusform>%Ln ranks tight: over only by the fragmentation allowance (see Diagnostics).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::MlpSplitView</name>
    <message>
        <source>&lt;b&gt;Tensor parallelism inside one MLP&lt;/b&gt; of %1 on two GPUs (Megatron-LM): %2 tokens, hidden size h = %3, MLP width f = %4%5. Weights per GPU: %6 instead of %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (SwiGLU: A holds the gate and up projections, 2f columns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism (all-gather before, reduce-scatter after)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2.&lt;/b&gt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With sequence parallelism each GPU holds only %1 of X (%2 tokens). An all-gather builds the whole X (%3) on both GPUs, sending %4 per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both GPUs hold the same input X (%1: tokens × hidden).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first weight matrix A (%1) is cut by &lt;b&gt;columns&lt;/b&gt;: GPU i holds A&lt;sub&gt;i&lt;/sub&gt; (%2) and computes X·A&lt;sub&gt;i&lt;/sub&gt; (%3) on its own — no communication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GeLU works element by element, so each GPU applies it to its own columns — still no communication. (A column cut of B instead would need the whole GeLU output on every GPU.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The second weight matrix B (%1) is cut by &lt;b&gt;rows&lt;/b&gt;: GPU i holds B&lt;sub&gt;i&lt;/sub&gt; (%2). Y&lt;sub&gt;i&lt;/sub&gt;·B&lt;sub&gt;i&lt;/sub&gt; is already the full output shape (%3), but only a &lt;b&gt;partial sum&lt;/b&gt;: the output is Y&lt;sub&gt;0&lt;/sub&gt;B&lt;sub&gt;0&lt;/sub&gt; + Y&lt;sub&gt;1&lt;/sub&gt;B&lt;sub&gt;1&lt;/sub&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A &lt;b&gt;reduce-scatter&lt;/b&gt; adds the partial sums and leaves each GPU its own %1 tokens (%2): %3 buffer, %4 sent per GPU. Outside the MLP, LayerNorm and dropout then keep only these tokens&apos; activations: that is what sequence parallelism saves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;One all-reduce&lt;/b&gt; adds the partial sums: %1 buffer, %2 sent per GPU. One all-reduce per MLP in the forward pass instead of one per matrix multiplication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Z%1 (partial)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Z = Z₀ + Z₁</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SwiGLU works element by element: each GPU&apos;s columns of A hold its share of both the gate and the up projection, and it multiplies silu(gate) by up on its own — still no communication. The result Y&lt;sub&gt;i&lt;/sub&gt; (%1) is half as wide as X·A&lt;sub&gt;i&lt;/sub&gt;, since gate and up pair into one column each. (A column cut of B instead would need the whole output on every GPU.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>columns: %1
of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows: %1
of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::PerformancePanel</name>
    <message>
        <source>&lt;b&gt;Candidates side by side&lt;/b&gt; — pin layouts to compare fit, step time, MFU and the communication that stays visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin current design</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Mesh search&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search every layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply selected layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bubble (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible comm. (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why this placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding, schedule, recomputation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory (of capacity)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MFU (HFU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible all-gather</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible reduce-scatter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible all-to-all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visible point-to-point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data-parallel sync after the pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not evaluated (errors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (fastest)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching the layouts of %1 on %2 GPUs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 combinations: %2 invalid, %3 do not fit, %4 fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No layout can fix the design&apos;s errors (see Diagnostics).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No layout fits: add GPUs, take GPUs with more memory, or shorten the sequence or the batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a row to apply it (one undo step).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mesh search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inter-token (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First token (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin the reference article&apos;s two 70B layouts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The space holds %1 combinations; the first %2 were tried. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No candidates yet. Press &lt;b&gt;Pin current design&lt;/b&gt; to keep the layout you are editing here, change it and pin again to compare the two; or pin the reference article&apos;s two 70B layouts. A result of the Mesh search applied to the design can be pinned the same way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also try FP8 GEMMs (Transformer Engine, torchao float8) where every GPU has FP8 tensor cores.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also CPU offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also try the optimizer states (and with ZeRO-3 the parameters) in host memory, where the framework can offload them; the CPU steps the optimizer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Search every layout&lt;/b&gt; lists every split of this model on this cluster that fits in memory, fastest first. &lt;b&gt;Also FP8&lt;/b&gt; and &lt;b&gt;Also CPU offload&lt;/b&gt; try those as well. Double-click a row to apply it (one undo step).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage: 0 replicates the model states, 1 shards the optimizer, 2 also the gradients, 3 (FSDP) also the weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per micro-batch on each pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which activations are computed again in the backward pass instead of kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds between two tokens of one sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds per training step (one global batch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds until a request&apos;s first token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: the share of the GPUs&apos; peak the model&apos;s own FLOPs use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the step that pipeline stages wait idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication per step that is not hidden behind computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why the degrees sit where they do; hover over a row to read it whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory of the fullest GPU in GB of 10⁹ bytes: a GPU sold as 80 GB holds 80 GiB, 85.9 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column %1 runs %2 more tokens a second per GPU than column %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns %1 and %2 run as many tokens a second per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more layout(s) run within %1 of the fastest: published pairs of such layouts missed the model&apos;s ratio by as much, so measure them before choosing.</source>
        <translation>
            <numerusform>%n more layout runs within %1 of the fastest: published pairs of such layouts missed the model&apos;s ratio by as much, so measure it before choosing.</numerusform>
            <numerusform>%n more layouts run within %1 of the fastest: published pairs of such layouts missed the model&apos;s ratio by as much, so measure them before choosing.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::ScalingPlot</name>
    <message>
        <source>weak: batch grows with the GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strong: same global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weak efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strong efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling needs a training design that fits and runs: fix the diagnostics first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Scaling this layout by data parallelism.&lt;/b&gt; Efficiency = tokens/s per GPU ÷ the baseline&apos;s tokens/s per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weak: baseline DP %1 on %2 GPUs, %3 tokens/s per GPU; global batch %4 there, growing with the replicas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong: baseline DP %1 on %2 GPUs, %3 tokens/s per GPU; global batch %4 throughout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not drawn (weak): %1 GPUs — invalid or does not fit there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs, log scale (more data-parallel replicas of this layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaling efficiency, %, linear (dashed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ideal: throughput ∝ GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens per second, log scale (solid)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::StrategyExplorer</name>
    <message>
        <source>layers %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts %1–%2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence part %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>¼ of every matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its own micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Training on four GPUs:&lt;/b&gt; %1 (%2 parameters). What does each GPU store, and what does it send?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Serving on four GPUs:&lt;/b&gt; %1 (%2 parameters). What does each GPU store, and what does it send?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EP needs a mixture-of-experts model, so this panel uses %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no communication between the GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-to-all: every GPU sends to every other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chain: stage to stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ring: each GPU sends to the next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every forward pass (prefill and decode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: %1 per GPU per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local update, no communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A full bar is the most any layout keeps of that state on one GPU for this model. whole: a full copy · shard: a slice (a quarter) · its layers: one pipeline stage · own batch: the same state for different data · dense whole + ¼ experts: attention and norms copied, a quarter of the experts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic teaches with the design&apos;s model if it fits on four GPUs in some layout, else with the smallest dense preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The design&apos;s %1 fits four GPUs in none of these layouts, so every panel would be red; %2, the smallest dense preset, shows what each split saves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen instead of the design&apos;s %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Own scale: a full bar here is the most %1 keeps in any layout (weights %2); in the other panels, the most %3 keeps (weights %4). Compare the numbers, not the bar lengths.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffers, reserve</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::TimelinePanel</name>
    <message>
        <source>&amp;Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches per pipeline and step; sets the global batch to micro-batches × micro-batch size × data-parallel replicas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Virtual stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (interleaved 1F1B; ZB-V and DualPipeV use 2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole step (double click or 0 in the chart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl + wheel zooms, drag pans, click sets the cursor, hover explains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A serving design runs no training step, so there is no pipeline schedule to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The timeline appears once the design has no errors (see Diagnostics).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pipeline runs too many operations per step to draw (see Diagnostics); fewer micro-batches or stages show one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 × %3 · step &lt;b&gt;%4&lt;/b&gt; · bubble &lt;b&gt;%5 %&lt;/b&gt; of the GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln stage(s)</source>
        <translation>
            <numerusform>%Ln stage</numerusform>
            <numerusform>%Ln stages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln micro-batch(es)</source>
        <translation>
            <numerusform>%Ln micro-batch</numerusform>
            <numerusform>%Ln micro-batches</numerusform>
        </translation>
    </message>
    <message>
        <source> (equal stages: (p − 1)/(m + p − 1) = %1/%2 = %3 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · longest idle inside one stage %1 · micro-batches in flight per stage: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With one data-parallel rank there are no gradients to reduce.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all-reduced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce-scattered</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Gradient buckets&lt;/b&gt; of pipeline rank %1: %Ln bucket(s) (PyTorch DDP: the first 1 MiB, then 25 MiB each), %2 over %3 data-parallel ranks in bucket order as the last backward produces them. &lt;b&gt;%4&lt;/b&gt; of %5 stays exposed after the backward.</source>
        <translation>
            <numerusform>&lt;b&gt;Gradient buckets&lt;/b&gt; of pipeline rank %1: %Ln bucket (PyTorch DDP: the first 1 MiB, then 25 MiB each), %2 over %3 data-parallel ranks in bucket order as the last backward produces them. &lt;b&gt;%4&lt;/b&gt; of %5 stays exposed after the backward.</numerusform>
            <numerusform>&lt;b&gt;Gradient buckets&lt;/b&gt; of pipeline rank %1: %Ln buckets (PyTorch DDP: the first 1 MiB, then 25 MiB each), %2 over %3 data-parallel ranks in bucket order as the last backward produces them. &lt;b&gt;%4&lt;/b&gt; of %5 stays exposed after the backward.</numerusform>
        </translation>
    </message>
    <message>
        <source>(The design shards with FSDP; this is what DDP would do.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;FSDP&lt;/b&gt; on pipeline rank %1, one micro-batch, one of %2 ranks: each layer is all-gathered before its forward (the next one prefetched), gathered again before its backward (reshard after forward), and its gradients reduce-scattered after it. &lt;b&gt;%3&lt;/b&gt; of %4 waits on communication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;FSDP&lt;/b&gt; on pipeline rank %1, one micro-batch, one of %2 ranks: each layer is all-gathered before its forward and kept until its backward (no reshard after forward: no second all-gather), its gradients reduce-scattered after it. &lt;b&gt;%3&lt;/b&gt; of %4 waits on communication.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(The design uses ZeRO-%1; this is what FSDP would do.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole step (pipeline, data-parallel sync, optimizer) in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Drawn: the last of the step&apos;s %Ln micro-batch(es). Over the step each layer is all-gathered %1 times and reduce-scattered %2 times: &lt;b&gt;%3&lt;/b&gt; waits on communication per step.</source>
        <translation>
            <numerusform>Drawn: the last of the step&apos;s %Ln micro-batch. Over the step each layer is all-gathered %1 times and reduce-scattered %2 times: &lt;b&gt;%3&lt;/b&gt; waits on communication per step.</numerusform>
            <numerusform>Drawn: the last of the step&apos;s %Ln micro-batches. Over the step each layer is all-gathered %1 times and reduce-scattered %2 times: &lt;b&gt;%3&lt;/b&gt; waits on communication per step.</numerusform>
        </translation>
    </message>
    <message>
        <source>this pipeline %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel synchronisation after it %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step in the headline &lt;b&gt;%1&lt;/b&gt; = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DualPipe sums each stage&apos;s two copies after the backward: pipeline ranks %1 and %2 take %3, exposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first and last stage sum the word embedding&apos;s two copies after the backward: pipeline ranks %1 and %2 take %3, exposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compute spans include copying each gathered layer out of the all-gather buffer and its gradients into the reduce-scatter buffer: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>widgets::ZeroView</name>
    <message>
        <source>Copied on every GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU&apos;s share of the sharded part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB of model states per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Model states per GPU&lt;/b&gt; for %1 parameters (this rank&apos;s share of the model), sharded over N = %2 GPUs at %3 bytes per parameter. ZeRO-1 shards the optimizer states, ZeRO-2 also the gradients, ZeRO-3 (FSDP) also the weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU memory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Model states per GPU&lt;/b&gt; for %1 parameters (this rank&apos;s share of the model): %2 dense, sharded over N = %3 GPUs, and %4 of experts, sharded over the N = %5 GPUs of expert data parallelism, at %6 bytes per parameter. ZeRO-1 shards the optimizer states, ZeRO-2 also the gradients, ZeRO-3 (FSDP) also the weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer states are offloaded to CPU memory and left out of the bars.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With reshard_after_forward=False, ZeRO-3 keeps the weights gathered from forward to backward: they count whole.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
