<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Catalog</name>
    <message>
        <source>NVLink 4 at 400 GB/s (H800) + NVSwitch</source>
        <translation>NVLink 4 mit 400 GB/s (H800) + NVSwitch</translation>
    </message>
    <message>
        <source>PCIe 4.0 x16 (no NVLink)</source>
        <translation>PCIe 4.0 x16 (ohne NVLink)</translation>
    </message>
    <message>
        <source>PCIe 5.0 x16 (no NVLink)</source>
        <translation>PCIe 5.0 x16 (ohne NVLink)</translation>
    </message>
    <message>
        <source>InfiniBand HDR, 200 Gb/s per GPU</source>
        <translation>InfiniBand HDR, 200 Gb/s pro GPU</translation>
    </message>
    <message>
        <source>InfiniBand NDR, 400 Gb/s per GPU</source>
        <translation>InfiniBand NDR, 400 Gb/s pro GPU</translation>
    </message>
    <message>
        <source>InfiniBand XDR, 800 Gb/s per GPU</source>
        <translation>InfiniBand XDR, 800 Gb/s pro GPU</translation>
    </message>
    <message>
        <source>RoCE, 400 Gb/s per GPU</source>
        <translation>RoCE, 400 Gb/s pro GPU</translation>
    </message>
    <message>
        <source>Ethernet (TCP), 100 Gb/s per GPU</source>
        <translation>Ethernet (TCP), 100 Gb/s pro GPU</translation>
    </message>
    <message>
        <source>Llama 3.1 70B on 4 × 8 H100</source>
        <translation>Llama 3.1 70B auf 4 × 8 H100</translation>
    </message>
    <message>
        <source>Llama 3.1 8B, FSDP on one node of 8 GPUs</source>
        <translation>Llama 3.1 8B, FSDP auf einem Node mit 8 GPUs</translation>
    </message>
    <message>
        <source>Llama 3.1 405B on 2 × GB200 NVL72</source>
        <translation>Llama 3.1 405B auf 2 × GB200 NVL72</translation>
    </message>
    <message>
        <source>Mixtral 8x7B with expert parallelism, 4 × 8 GPUs</source>
        <translation>Mixtral 8x7B mit Expert Parallelism, 4 × 8 GPUs</translation>
    </message>
    <message>
        <source>Dense 70B, 32K context, 64 × 8 GPUs: the reference article&apos;s layout</source>
        <translation>Dichtes 70B, 32K Kontext, 64 × 8 GPUs: das Layout des Quellartikels</translation>
    </message>
    <message>
        <source>Dense 70B, 32K context, 64 × 8 GPUs: the deeper pipeline</source>
        <translation>Dichtes 70B, 32K Kontext, 64 × 8 GPUs: die tiefere Pipeline</translation>
    </message>
    <message>
        <source>Serving Llama 3.1 70B on one node of 8 GPUs</source>
        <translation>Serving von Llama 3.1 70B auf einem Node mit 8 GPUs</translation>
    </message>
    <message>
        <source>Teaching: four GPUs</source>
        <translation>Lehrbeispiel: vier GPUs</translation>
    </message>
    <message>
        <source>alternating dense and locally banded sparse attention (counted as dense)</source>
        <translation>abwechselnd dichte und lokal gebänderte dünnbesetzte Attention (als dicht gerechnet)</translation>
    </message>
    <message>
        <source>attention sinks (one learned logit per head)</source>
        <translation>Attention Sinks (ein gelerntes Logit pro Head)</translation>
    </message>
</context>
<context>
    <name>ChoiceText</name>
    <message>
        <source>no recomputation</source>
        <translation>keine Recomputation</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>selektive Recomputation</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>volle Recomputation</translation>
    </message>
</context>
<context>
    <name>ClusterItems</name>
    <message>
        <source>node %1</source>
        <translation>Node %1</translation>
    </message>
    <message>
        <source>out of service</source>
        <translation>außer Betrieb</translation>
    </message>
    <message>
        <source>%1 per GPU · %2</source>
        <translation>%1 pro GPU · %2</translation>
    </message>
    <message>
        <source>%1/GPU</source>
        <translation>%1/GPU</translation>
    </message>
</context>
<context>
    <name>ClusterLegend</name>
    <message>
        <source>TP rank</source>
        <translation>TP-Rang</translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation>Pipeline-Stage</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>DP-Replikat</translation>
    </message>
    <message>
        <source>CP rank</source>
        <translation>CP-Rang</translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation>EP-Rang</translation>
    </message>
    <message>
        <source>TP group</source>
        <translation>TP-Gruppe</translation>
    </message>
    <message>
        <source>PP group (one pipeline)</source>
        <translation>PP-Gruppe (eine Pipeline)</translation>
    </message>
    <message>
        <source>DP group</source>
        <translation>DP-Gruppe</translation>
    </message>
    <message>
        <source>CP group</source>
        <translation>CP-Gruppe</translation>
    </message>
    <message>
        <source>EP group</source>
        <translation>EP-Gruppe</translation>
    </message>
    <message>
        <source>&lt;b&gt;Colour = %1&lt;/b&gt; %2 (the %3 groups lie spread over nodes)</source>
        <translation>&lt;b&gt;Farbe = %1&lt;/b&gt; %2 (die %3-Gruppen liegen über mehrere Nodes verteilt)</translation>
    </message>
    <message>
        <source>red</source>
        <translation>rot</translation>
    </message>
    <message>
        <source>The %1 groups now lie spread over nodes: the colours show each GPU&apos;s %2 instead of its group.</source>
        <translation>Die %1-Gruppen liegen jetzt über mehrere Nodes verteilt: Die Farben zeigen statt der Gruppe die Stellung jeder GPU darin (%2).</translation>
    </message>
    <message>
        <source>The %1 groups now sit together in nodes: the colours show each group again.</source>
        <translation>Die %1-Gruppen liegen jetzt wieder beisammen in Nodes: Die Farben zeigen wieder jede Gruppe.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Colour = %1&lt;/b&gt; %2 (shades of the %3 button&apos;s colour; neighbouring groups alternate light and dark, a group&apos;s GPUs in one node share an outline)</source>
        <translation>&lt;b&gt;Farbe = %1&lt;/b&gt; %2 (Abstufungen der Farbe des %3-Knopfs; benachbarte Gruppen wechseln zwischen hell und dunkel, die GPUs einer Gruppe in einem Node teilen sich einen Rahmen)</translation>
    </message>
    <message>
        <source>bar at a GPU&apos;s foot: its memory against its capacity (%1: does not fit; %2: tight)</source>
        <translation>Balken am Fuß einer GPU: ihr Speicher gegen ihre Kapazität (%1: passt nicht; %2: knapp)</translation>
    </message>
    <message>
        <source>amber</source>
        <translation>orange</translation>
    </message>
</context>
<context>
    <name>Collectives</name>
    <message>
        <source>All-Reduce</source>
        <translation>All-Reduce</translation>
    </message>
    <message>
        <source>All-Gather</source>
        <translation>All-Gather</translation>
    </message>
    <message>
        <source>Reduce-Scatter</source>
        <translation>Reduce-Scatter</translation>
    </message>
    <message>
        <source>All-to-All</source>
        <translation>All-to-All</translation>
    </message>
    <message>
        <source>Point-to-Point</source>
        <translation>Point-to-Point</translation>
    </message>
    <message>
        <source>Ring shift (every rank to the next)</source>
        <translation>Ring-Shift (jeder Rank an den nächsten)</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>Ring</translation>
    </message>
    <message>
        <source>Double binary tree</source>
        <translation>Doppelter Binärbaum</translation>
    </message>
    <message>
        <source>Pairwise exchange</source>
        <translation>Paarweiser Austausch</translation>
    </message>
    <message>
        <source>Hierarchical (in nodes, across, in nodes)</source>
        <translation>Hierarchisch (im Node, über die Nodes, im Node)</translation>
    </message>
    <message>
        <source>Direct (rank 0 to rank 1)</source>
        <translation>Direkt (Rank 0 an Rank 1)</translation>
    </message>
    <message>
        <source>reduce up the trees</source>
        <translation>Reduktion die Bäume hinauf</translation>
    </message>
    <message>
        <source>broadcast down the trees</source>
        <translation>Broadcast die Bäume hinab</translation>
    </message>
    <message>
        <source>reduce up and broadcast down</source>
        <translation>Reduktion hinauf und Broadcast hinab</translation>
    </message>
    <message>
        <source>exchange</source>
        <translation>Austausch</translation>
    </message>
    <message>
        <source>send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Reduce-Scatter inside each node</source>
        <translation>Reduce-Scatter in jedem Node</translation>
    </message>
    <message>
        <source>Reduce-Scatter across nodes</source>
        <translation>Reduce-Scatter über die Nodes</translation>
    </message>
    <message>
        <source>All-Gather across nodes</source>
        <translation>All-Gather über die Nodes</translation>
    </message>
    <message>
        <source>All-Gather inside each node</source>
        <translation>All-Gather in jedem Node</translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <source>Not known whether the order holds</source>
        <translation>Unbekannt, ob die Reihenfolge hält</translation>
    </message>
    <message>
        <source>no published pair of runs %1; the step&apos;s explanation says how far single runs were from the model.</source>
        <translation>Kein veröffentlichtes Paar von Läufen %1; die Erklärung des Schritts nennt, wie weit einzelne Läufe vom Modell lagen.</translation>
    </message>
    <message>
        <source>The order holds</source>
        <translation>Die Reihenfolge hält</translation>
    </message>
    <message>
        <source>between published %1 the model&apos;s ratio was at most %2 off.</source>
        <translation>Zwischen veröffentlichten %1 lag das Verhältnis des Modells höchstens %2 daneben.</translation>
    </message>
    <message>
        <source>Too close for the model to decide</source>
        <translation>Zu knapp, als dass das Modell entscheiden könnte</translation>
    </message>
    <message>
        <source>between published %1 its ratio was up to %2 off; measure both.</source>
        <translation>Zwischen veröffentlichten %1 lag sein Verhältnis bis zu %2 daneben; messen Sie beide.</translation>
    </message>
    <message>
        <source>Megatron-Core layouts of one model on the same GPUs</source>
        <translation>Megatron-Core-Layouts eines Modells auf denselben GPUs</translation>
    </message>
    <message>
        <source>Megatron-Core layouts of one MoE model on the same GPUs, launched eagerly</source>
        <translation>Megatron-Core-Layouts eines MoE-Modells auf denselben GPUs, eager gestartet</translation>
    </message>
    <message>
        <source>torchtitan layouts of one model on the same GPUs</source>
        <translation>torchtitan-Layouts eines Modells auf denselben GPUs</translation>
    </message>
    <message>
        <source>torchtitan runs that changed the context length with CP</source>
        <translation>torchtitan-Läufen, die die Kontextlänge mit CP änderten</translation>
    </message>
    <message>
        <source>compares serving designs</source>
        <translation>vergleicht Serving-Designs</translation>
    </message>
    <message>
        <source>compares two models</source>
        <translation>vergleicht zwei Modelle</translation>
    </message>
    <message>
        <source>compares different GPUs, links or fabrics</source>
        <translation>vergleicht verschiedene GPUs, Links oder Fabrics</translation>
    </message>
    <message>
        <source>compares two frameworks</source>
        <translation>vergleicht zwei Frameworks</translation>
    </message>
    <message>
        <source>of Megatron-Core changed the context length or the CP degree</source>
        <translation>mit Megatron-Core änderte die Kontextlänge oder den CP-Grad</translation>
    </message>
    <message>
        <source>ran DeepSpeed</source>
        <translation>lief mit DeepSpeed</translation>
    </message>
</context>
<context>
    <name>DiagnosticArguments</name>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>ein Wahrheitswert</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>an unsupported value</source>
        <translation>ein nicht unterstützter Wert</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true oder false</translation>
    </message>
    <message>
        <source>an array of integers</source>
        <translation>ein Array ganzer Zahlen</translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation>ein Array von Zeichenketten</translation>
    </message>
    <message>
        <source>sliding-window attention of %1 tokens from layer %2</source>
        <translation>Sliding-Window-Attention über %1 Token ab Layer %2</translation>
    </message>
    <message>
        <source>every layer attends to the whole context</source>
        <translation>jeder Layer sieht den ganzen Kontext</translation>
    </message>
    <message>
        <source>this order of sliding and full attention layers</source>
        <translation>diese Folge von Sliding- und vollen Attention-Layern</translation>
    </message>
    <message>
        <source>attention sinks (one learned logit per head)</source>
        <translation>Attention Sinks (ein gelerntes Logit pro Head)</translation>
    </message>
    <message>
        <source>left out: a few parameters per layer, no FLOPs</source>
        <translation>weggelassen: wenige Parameter pro Layer, keine FLOPs</translation>
    </message>
    <message>
        <source>weights quantised as %1</source>
        <translation>als %1 quantisierte Gewichte</translation>
    </message>
    <message>
        <source>quantised weights</source>
        <translation>quantisierte Gewichte</translation>
    </message>
    <message>
        <source>weights are held at the design&apos;s precision</source>
        <translation>die Gewichte werden in der Präzision des Designs gehalten</translation>
    </message>
    <message>
        <source>dense layers between the sparse ones</source>
        <translation>dichte Layer zwischen den dünnbesetzten</translation>
    </message>
    <message>
        <source>every layer is costed as a MoE layer</source>
        <translation>jeder Layer wird als MoE-Layer gerechnet</translation>
    </message>
    <message>
        <source>RMSNorms after attention and after the MLP (four norms per layer)</source>
        <translation>RMSNorms nach der Attention und nach dem MLP (vier Normen pro Layer)</translation>
    </message>
    <message>
        <source>two norms per layer are counted: 2·hidden parameters and their elementwise work left out</source>
        <translation>zwei Normen pro Layer werden gezählt: 2·hidden Parameter und ihre elementweise Arbeit fehlen</translation>
    </message>
    <message>
        <source>attention score soft-capping (tanh at %1)</source>
        <translation>Soft-Capping der Attention-Scores (tanh bei %1)</translation>
    </message>
    <message>
        <source>final logit soft-capping (tanh at %1)</source>
        <translation>Soft-Capping der finalen Logits (tanh bei %1)</translation>
    </message>
    <message>
        <source>left out: an elementwise tanh, no FLOPs or memory counted</source>
        <translation>weggelassen: ein elementweiser tanh, ohne gezählte FLOPs oder Speicher</translation>
    </message>
    <message>
        <source>the vision tower (vision_config) and its projector</source>
        <translation>der Vision-Tower (vision_config) und sein Projektor</translation>
    </message>
    <message>
        <source>only the language model is counted: the images&apos; parameters, memory and compute are left out</source>
        <translation>nur das Sprachmodell wird gezählt: Parameter, Speicher und Rechenaufwand der Bilder fehlen</translation>
    </message>
    <message>
        <source>field %1</source>
        <translation>das Feld %1</translation>
    </message>
    <message>
        <source>Meshwright does not read it, and no figure includes it</source>
        <translation>Meshwright liest es nicht, und keine Zahl berücksichtigt es</translation>
    </message>
    <message>
        <source>NCCL efficiency</source>
        <translation>Die NCCL-Effizienz</translation>
    </message>
    <message>
        <source>10^18 bytes</source>
        <translation>10^18 Byte</translation>
    </message>
    <message>
        <source>a preset name or an object</source>
        <translation>ein Preset-Name oder ein Objekt</translation>
    </message>
    <message>
        <source>/cluster/nodes (or /cluster/uniform, but not both)</source>
        <translation>/cluster/nodes (oder /cluster/uniform, aber nicht beides)</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Node</translation>
    </message>
    <message>
        <source>Nodes × GPUs per node</source>
        <translation>Nodes × GPUs pro Node</translation>
    </message>
    <message>
        <source>The node count</source>
        <translation>Die Zahl der Nodes</translation>
    </message>
    <message>
        <source>The GPU count of a node</source>
        <translation>Die GPU-Zahl eines Nodes</translation>
    </message>
    <message>
        <source>The cluster&apos;s GPU count</source>
        <translation>Die GPU-Zahl des Clusters</translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation>mehr als %1</translation>
    </message>
    <message>
        <source>dimension names joined by &apos;-&apos;, each once, e.g. tp-cp-ep-dp-pp</source>
        <translation>mit &apos;-&apos; verbundene Dimensionsnamen, jeder einmal, z. B. tp-cp-ep-dp-pp</translation>
    </message>
    <message>
        <source>the record</source>
        <translation>der Datensatz</translation>
    </message>
    <message>
        <source>an intra-node link</source>
        <translation>eine Verbindung innerhalb eines Nodes</translation>
    </message>
    <message>
        <source>the inter-node fabric</source>
        <translation>das Netz zwischen den Nodes</translation>
    </message>
    <message>
        <source>Network cards per node</source>
        <translation>NICs pro Node</translation>
    </message>
    <message>
        <source>Fabric oversubscription</source>
        <translation>Fabric-Überbuchung</translation>
    </message>
    <message>
        <source>Host RAM per node (bytes)</source>
        <translation>Der Host-RAM pro Node (Byte)</translation>
    </message>
    <message>
        <source>at least 2</source>
        <translation>mindestens 2</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>das Modell</translation>
    </message>
    <message>
        <source>the optimizer alone</source>
        <translation>den Optimizer allein</translation>
    </message>
    <message>
        <source>its CPU offload moves the parameters, gradients and optimizer together (choose cpu-params with ZeRO stage 3)</source>
        <translation>sein CPU-Offload verschiebt Parameter, Gradienten und Optimizer zusammen (cpu-params mit ZeRO-Stufe 3 wählen)</translation>
    </message>
    <message>
        <source>it keeps every state on the GPU</source>
        <translation>es hält jeden Zustand auf der GPU</translation>
    </message>
    <message>
        <source>the parameters</source>
        <translation>die Parameter</translation>
    </message>
    <message>
        <source>it offloads the optimizer only (choose cpu)</source>
        <translation>es lagert nur den Optimizer aus (cpu wählen)</translation>
    </message>
    <message>
        <source>only sharded parameters move (ZeRO stage 3)</source>
        <translation>nur geshardete Parameter werden verschoben (ZeRO-Stufe 3)</translation>
    </message>
    <message>
        <source>one 0 or 1 per ZeRO stage 0–3</source>
        <translation>je eine 0 oder 1 pro ZeRO-Stufe 0–3</translation>
    </message>
    <message>
        <source>one per ZeRO stage 0–3</source>
        <translation>je einer pro ZeRO-Stufe 0–3</translation>
    </message>
    <message>
        <source>array of [TP, fraction]</source>
        <translation>Array aus [TP, Anteil]</translation>
    </message>
    <message>
        <source>no distributed_type</source>
        <translation>kein distributed_type</translation>
    </message>
    <message>
        <source>this import reads FSDP, MULTI_GPU and NO (a DeepSpeed config imports with the deepspeed format)</source>
        <translation>dieser Import liest FSDP, MULTI_GPU und NO (eine DeepSpeed-Konfiguration wird mit dem Format deepspeed importiert)</translation>
    </message>
    <message>
        <source>(missing)</source>
        <translation>(fehlt)</translation>
    </message>
    <message>
        <source>FP8 tensorwise scaling</source>
        <translation>FP8 mit Skalierung pro Tensor</translation>
    </message>
    <message>
        <source>Meshwright models Transformer Engine&apos;s and torchao&apos;s FP8</source>
        <translation>Meshwright modelliert FP8 von Transformer Engine und torchao</translation>
    </message>
    <message>
        <source>the data-parallel degree</source>
        <translation>der Data-Parallel-Grad</translation>
    </message>
    <message>
        <source>Meshwright models offload to host memory</source>
        <translation>Meshwright modelliert Auslagerung in den Hauptspeicher</translation>
    </message>
    <message>
        <source>micro-batch × gradient accumulation</source>
        <translation>Micro-Batch × Gradientenakkumulation</translation>
    </message>
    <message>
        <source>data-parallel replicas</source>
        <translation>Data-Parallel-Replikate</translation>
    </message>
    <message>
        <source>the file is not a JSON object</source>
        <translation>die Datei ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>the file&apos;s --num-layers, --hidden-size and head counts</source>
        <translation>--num-layers, --hidden-size und Head-Zahlen der Datei</translation>
    </message>
    <message>
        <source>those of %1</source>
        <translation>die von %1</translation>
    </message>
    <message>
        <source>--tokenizer-model names that checkpoint, whose shape differs</source>
        <translation>--tokenizer-model nennt diesen Checkpoint, dessen Form abweicht</translation>
    </message>
    <message>
        <source>layers per pipeline rank</source>
        <translation>Layer pro Pipeline-Rang</translation>
    </message>
    <message>
        <source>layers over %1 pipeline stages</source>
        <translation>Layer über %1 Pipeline-Stages</translation>
    </message>
    <message>
        <source>no pretrain_gpt.py arguments</source>
        <translation>keine Argumente für pretrain_gpt.py</translation>
    </message>
    <message>
        <source>no command runs %1</source>
        <translation>kein Befehl startet %1</translation>
    </message>
    <message>
        <source>auto, bfloat16 or an FP8 type</source>
        <translation>auto, bfloat16 oder ein FP8-Typ</translation>
    </message>
    <message>
        <source>the command names no model</source>
        <translation>der Befehl nennt kein Modell</translation>
    </message>
    <message>
        <source>-1 or a whole number from 1</source>
        <translation>-1 oder eine ganze Zahl ab 1</translation>
    </message>
    <message>
        <source>full recomputation of the first %1 of each chunk&apos;s %2 layers</source>
        <translation>volle Recomputation der ersten %1 der %2 Layer jedes Chunks</translation>
    </message>
    <message>
        <source>torchtitan recomputes layers %1, %2, … of each; memory and time count the same number</source>
        <translation>torchtitan berechnet die Layer %1, %2, … jedes Chunks neu; Speicher und Zeit zählen dieselbe Anzahl</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>(nichts)</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>eine ganze Zahl von %1 bis %2</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>globaler Batch</translation>
    </message>
    <message>
        <source>micro-batch × data-parallel replicas</source>
        <translation>Micro-Batch × Data-Parallel-Replikate</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>Nesting of arrays and objects</source>
        <translation>Die Verschachtelung von Arrays und Objekten</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Layer</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>Hidden-Dimension</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Attention-Heads</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>Head-Dimension</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN-Größe</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>Das Kontextfenster</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>Key/Value-Heads</translation>
    </message>
    <message>
        <source>MLA key/value rank</source>
        <translation>Der MLA-Key/Value-Rang</translation>
    </message>
    <message>
        <source>MLA query rank</source>
        <translation>Der MLA-Query-Rang</translation>
    </message>
    <message>
        <source>MLA head dimension</source>
        <translation>Die MLA-Head-Dimension</translation>
    </message>
    <message>
        <source>MLA RoPE head dimension</source>
        <translation>Die MLA-RoPE-Head-Dimension</translation>
    </message>
    <message>
        <source>MLA value head dimension</source>
        <translation>Die MLA-Value-Head-Dimension</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>Experts</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>Expert-FFN-Größe</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>Geteilte Experts</translation>
    </message>
    <message>
        <source>Shared expert FFN size</source>
        <translation>Die FFN-Größe geteilter Experts</translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation>Führende dichte Layer</translation>
    </message>
    <message>
        <source>MoE layer frequency</source>
        <translation>Die MoE-Layer-Frequenz</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>Das Sliding Window</translation>
    </message>
    <message>
        <source>Sliding window period</source>
        <translation>Die Fensterperiode</translation>
    </message>
    <message>
        <source>Sliding layers per period</source>
        <translation>Sliding-Layer je Periode</translation>
    </message>
    <message>
        <source>Multi-token prediction layers</source>
        <translation>Multi-Token-Prediction-Layer</translation>
    </message>
    <message>
        <source>Expert TP</source>
        <translation>Expert-TP</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>Virtuelle Stages</translation>
    </message>
    <message>
        <source>Recomputed layers per chunk</source>
        <translation>Neu berechnete Layer je Chunk</translation>
    </message>
    <message>
        <source>Layers with offloaded activations</source>
        <translation>Layer mit ausgelagerten Aktivierungen</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>Globaler Batch</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-Batch</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO-Stufe</translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation>HSDP-Shard-Gruppe</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>Gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>Output length</source>
        <translation>Die Ausgabelänge</translation>
    </message>
    <message>
        <source>Prompt length</source>
        <translation>Die Prompt-Länge</translation>
    </message>
    <message>
        <source>Pipeline ranks</source>
        <translation>Pipeline-Ränge</translation>
    </message>
    <message>
        <source>Micro-batches</source>
        <translation>Micro-Batches</translation>
    </message>
    <message>
        <source>The micro-batch group size</source>
        <translation>Die Gruppengröße der Micro-Batches</translation>
    </message>
    <message>
        <source>The forward time</source>
        <translation>Die Forward-Zeit</translation>
    </message>
    <message>
        <source>The backward time</source>
        <translation>Die Backward-Zeit</translation>
    </message>
    <message>
        <source>The weight-gradient time</source>
        <translation>Die Zeit des Gewichtsgradienten</translation>
    </message>
    <message>
        <source>The overlapped forward–backward time</source>
        <translation>Die überlappte Forward-Backward-Zeit</translation>
    </message>
    <message>
        <source>The point-to-point latency</source>
        <translation>Die Point-to-Point-Latenz</translation>
    </message>
    <message>
        <source>The transfer time after stage %1</source>
        <translation>Die Übertragungszeit nach Stage %1</translation>
    </message>
    <message>
        <source>MoE capacity factor</source>
        <translation>Der MoE-Kapazitätsfaktor</translation>
    </message>
    <message>
        <source>MoE expert load skew</source>
        <translation>Die Lastschiefe der MoE-Experts</translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation>Die GEMM-Effizienz</translation>
    </message>
    <message>
        <source>GEMM half-efficiency width</source>
        <translation>Die Breite halber GEMM-Effizienz</translation>
    </message>
    <message>
        <source>Elementwise passes</source>
        <translation>Die elementweisen Durchläufe</translation>
    </message>
    <message>
        <source>the key %1 is set twice (also on line %2)</source>
        <translation>der Schlüssel %1 ist doppelt gesetzt (auch in Zeile %2)</translation>
    </message>
    <message>
        <source>the key %1 is set twice (also at %2)</source>
        <translation>der Schlüssel %1 ist doppelt gesetzt (auch bei %2)</translation>
    </message>
    <message>
        <source>the array %1=( is never closed</source>
        <translation>das Array %1=( wird nie geschlossen</translation>
    </message>
    <message>
        <source>${ without a closing }</source>
        <translation>${ ohne schließende }</translation>
    </message>
    <message>
        <source>a &apos; quote is never closed</source>
        <translation>ein &apos;-Anführungszeichen wird nie geschlossen</translation>
    </message>
    <message>
        <source>a &quot; quote is never closed</source>
        <translation>ein &quot;-Anführungszeichen wird nie geschlossen</translation>
    </message>
    <message>
        <source>a section header needs [name]</source>
        <translation>ein Abschnittskopf braucht [Name]</translation>
    </message>
    <message>
        <source>expected key = value or [section]</source>
        <translation>erwartet: Schlüssel = Wert oder [Abschnitt]</translation>
    </message>
    <message>
        <source>the key %1 has no value</source>
        <translation>der Schlüssel %1 hat keinen Wert</translation>
    </message>
    <message>
        <source>the string of the key %1 is not closed</source>
        <translation>die Zeichenkette des Schlüssels %1 wird nicht geschlossen</translation>
    </message>
    <message>
        <source>YAML indentation must be spaces, not tabs</source>
        <translation>YAML muss mit Leerzeichen einrücken, nicht mit Tabulatoren</translation>
    </message>
    <message>
        <source>the indentation does not match a key above</source>
        <translation>die Einrückung passt zu keinem Schlüssel darüber</translation>
    </message>
    <message>
        <source>a list item without a key above it</source>
        <translation>ein Listeneintrag ohne Schlüssel darüber</translation>
    </message>
    <message>
        <source>expected key: value</source>
        <translation>erwartet: Schlüssel: Wert</translation>
    </message>
    <message>
        <source>the end of the file</source>
        <translation>das Dateiende</translation>
    </message>
    <message>
        <source>the literal true</source>
        <translation>das Literal true</translation>
    </message>
    <message>
        <source>the literal false</source>
        <translation>das Literal false</translation>
    </message>
    <message>
        <source>the literal null</source>
        <translation>das Literal null</translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos; or a literal</source>
        <translation>&apos;[&apos;, &apos;{&apos; oder ein Literal</translation>
    </message>
    <message>
        <source>an unknown token</source>
        <translation>ein unbekanntes Zeichen</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>an unreadable token</source>
        <translation>ein unlesbares Zeichen</translation>
    </message>
    <message>
        <source>a string with an ill-formed UTF-8 byte</source>
        <translation>eine Zeichenkette mit einem fehlerhaften UTF-8-Byte</translation>
    </message>
    <message>
        <source>a string without its closing quote</source>
        <translation>eine Zeichenkette ohne schließendes Anführungszeichen</translation>
    </message>
    <message>
        <source>a string whose &apos;\u&apos; is not followed by 4 hex digits</source>
        <translation>eine Zeichenkette, in der auf &apos;\u&apos; keine 4 Hexadezimalziffern folgen</translation>
    </message>
    <message>
        <source>a string whose surrogate U+D800..U+DBFF is not followed by U+DC00..U+DFFF</source>
        <translation>eine Zeichenkette, in der auf ein Surrogat U+D800..U+DBFF kein U+DC00..U+DFFF folgt</translation>
    </message>
    <message>
        <source>a string whose surrogate U+DC00..U+DFFF does not follow U+D800..U+DBFF</source>
        <translation>eine Zeichenkette, in der ein Surrogat U+DC00..U+DFFF nicht auf U+D800..U+DBFF folgt</translation>
    </message>
    <message>
        <source>a string with a forbidden character after a backslash</source>
        <translation>eine Zeichenkette mit einem unzulässigen Zeichen nach einem Backslash</translation>
    </message>
    <message>
        <source>a comment without its closing &apos;*/&apos;</source>
        <translation>ein Kommentar ohne schließendes &apos;*/&apos;</translation>
    </message>
    <message>
        <source>a &apos;/&apos; not followed by &apos;/&apos; or &apos;*&apos;</source>
        <translation>ein &apos;/&apos;, auf das weder &apos;/&apos; noch &apos;*&apos; folgt</translation>
    </message>
    <message>
        <source>a number without &apos;+&apos;, &apos;-&apos; or a digit after its exponent</source>
        <translation>eine Zahl ohne &apos;+&apos;, &apos;-&apos; oder Ziffer nach ihrem Exponenten</translation>
    </message>
    <message>
        <source>a number without a digit after its &apos;-&apos;</source>
        <translation>eine Zahl ohne Ziffer nach ihrem &apos;-&apos;</translation>
    </message>
    <message>
        <source>a number without a digit after its &apos;.&apos;</source>
        <translation>eine Zahl ohne Ziffer nach ihrem &apos;.&apos;</translation>
    </message>
    <message>
        <source>a number without a digit after its exponent&apos;s sign</source>
        <translation>eine Zahl ohne Ziffer nach dem Vorzeichen ihres Exponenten</translation>
    </message>
    <message>
        <source>a word that is not true, false or null (or a string without quotes)</source>
        <translation>ein Wort, das weder true, false noch null ist (oder eine Zeichenkette ohne Anführungszeichen)</translation>
    </message>
    <message>
        <source>a byte order mark other than 0xEF 0xBB 0xBF</source>
        <translation>eine andere Bytereihenfolge-Markierung als 0xEF 0xBB 0xBF</translation>
    </message>
    <message>
        <source>the file is UTF-16 (or another wide encoding); save it as UTF-8</source>
        <translation>die Datei ist in UTF-16 (oder einer anderen breiten Kodierung); speichern Sie sie als UTF-8</translation>
    </message>
    <message>
        <source>invalid UTF-8: byte %1 at byte offset %2</source>
        <translation>ungültiges UTF-8: Byte %1 an Byte-Position %2</translation>
    </message>
    <message>
        <source>arrays and objects nest deeper than %1 levels</source>
        <translation>Arrays und Objekte sind tiefer als %1 Ebenen verschachtelt</translation>
    </message>
    <message>
        <source>a number is beyond the range of a double (about ±1.8e308)</source>
        <translation>eine Zahl liegt außerhalb des Bereichs eines Double (etwa ±1,8e308)</translation>
    </message>
    <message>
        <source>the number %1… (%2 characters) is beyond the range of a double (about ±1.8e308)</source>
        <translation>die Zahl %1… (%2 Zeichen) liegt außerhalb des Bereichs eines Double (etwa ±1,8e308)</translation>
    </message>
    <message>
        <source>the number %1 is beyond the range of a double (about ±1.8e308)</source>
        <translation>die Zahl %1 liegt außerhalb des Bereichs eines Double (etwa ±1,8e308)</translation>
    </message>
    <message>
        <source>where a value belongs</source>
        <translation>wo ein Wert stehen muss</translation>
    </message>
    <message>
        <source>where an object key belongs</source>
        <translation>wo ein Objektschlüssel stehen muss</translation>
    </message>
    <message>
        <source>after an object key</source>
        <translation>nach einem Objektschlüssel</translation>
    </message>
    <message>
        <source>inside an array</source>
        <translation>in einem Array</translation>
    </message>
    <message>
        <source>inside an object</source>
        <translation>in einem Objekt</translation>
    </message>
    <message>
        <source>%1: found %2, expected %3</source>
        <translation>%1: %2 gefunden, erwartet: %3</translation>
    </message>
    <message>
        <source>%1: found %2</source>
        <translation>%1: %2 gefunden</translation>
    </message>
    <message>
        <source>%1: the control character %2 in a string, which must be written %3 (last read: %4)</source>
        <translation>%1: das Steuerzeichen %2 in einer Zeichenkette, das als %3 geschrieben werden muss (zuletzt gelesen: %4)</translation>
    </message>
    <message>
        <source>%1: %2 (last read: %3)</source>
        <translation>%1: %2 (zuletzt gelesen: %3)</translation>
    </message>
    <message>
        <source>%1 (torchtitan&apos;s default)</source>
        <translation>%1 (Standard von torchtitan)</translation>
    </message>
    <message>
        <source>module-level</source>
        <translation>modulweise</translation>
    </message>
    <message>
        <source>its own op-level selective</source>
        <translation>seine eigene selektive Recomputation auf Op-Ebene</translation>
    </message>
    <message>
        <source>after every micro-batch</source>
        <translation>nach jedem Micro-Batch</translation>
    </message>
    <message>
        <source>once a step under PP</source>
        <translation>unter PP einmal je Schritt</translation>
    </message>
    <message>
        <source>a design has no row-wise scaling; its GEMMs and casts are timed as per-tensor ones</source>
        <translation>ein Design kennt keine zeilenweise Skalierung; seine GEMMs und Casts werden wie die mit Skalierung pro Tensor gerechnet</translation>
    </message>
    <message>
        <source>the embedding (E) must open the first stage and the loss (L) close the last, once each</source>
        <translation>das Embedding (E) muss die erste Stage eröffnen und der Loss (L) die letzte beschließen, jeweils einmal</translation>
    </message>
    <message>
        <source>the model&apos;s layers</source>
        <translation>die Layer des Modells</translation>
    </message>
    <message>
        <source>the design holds the prediction depths (m) in the last stage, after its layers</source>
        <translation>das Design hält die Vorhersagetiefen (m) in der letzten Stage, nach ihren Layern</translation>
    </message>
    <message>
        <source>stage %1 holds no layer</source>
        <translation>Stage %1 enthält keinen Layer</translation>
    </message>
    <message>
        <source>it unrolls to more than %1 characters</source>
        <translation>ausgerollt ergibt sie mehr als %1 Zeichen</translation>
    </message>
    <message>
        <source>Megatron-Core knows no layer character &apos;%1&apos; (E, t, m, L)</source>
        <translation>Megatron-Core kennt kein Layer-Zeichen &apos;%1&apos; (E, t, m, L)</translation>
    </message>
    <message>
        <source>its optimizer keeps the moments in FP32 only</source>
        <translation>sein Optimizer hält die Momente nur in FP32</translation>
    </message>
    <message>
        <source>its 16-bit moments are Adam&apos;s, not SGD&apos;s</source>
        <translation>seine 16-Bit-Momente gibt es für Adam, nicht für SGD</translation>
    </message>
    <message>
        <source>the design keeps both moments in one dtype of 32 or 16 bits</source>
        <translation>das Design hält beide Momente in einem Datentyp mit 32 oder 16 Bit</translation>
    </message>
    <message>
        <source>no model chunk to split the layers into</source>
        <translation>kein Modell-Chunk, auf den sich die Layer verteilen ließen</translation>
    </message>
    <message>
        <source>torchtitan cannot deal %1 layers, the embedding and the output counted in, over %2 chunks</source>
        <translation>torchtitan kann %1 Layer, Embedding und Ausgabe mitgezählt, nicht auf %2 Chunks verteilen</translation>
    </message>
    <message>
        <source>it is not a list of lists of module names</source>
        <translation>sie ist keine Liste von Listen von Modulnamen</translation>
    </message>
    <message>
        <source>the design holds tok_embeddings in the first chunk and norm and output in the last</source>
        <translation>das Design hält tok_embeddings im ersten Chunk und norm und output im letzten</translation>
    </message>
    <message>
        <source>its layers do not run 0, 1, 2 … in order</source>
        <translation>ihre Layer laufen nicht der Reihe nach 0, 1, 2 …</translation>
    </message>
    <message>
        <source>it names a module other than tok_embeddings, layers.N, norm and output</source>
        <translation>sie nennt ein anderes Modul als tok_embeddings, layers.N, norm und output</translation>
    </message>
    <message>
        <source>its layers are not the model&apos;s</source>
        <translation>ihre Layer sind nicht die des Modells</translation>
    </message>
    <message>
        <source>with PP &gt; 1 it needs virtual pipeline stages</source>
        <translation>mit PP &gt; 1 braucht es virtuelle Pipeline-Stufen</translation>
    </message>
    <message>
        <source>it does not run with full recomputation</source>
        <translation>es läuft nicht mit voller Recomputation</translation>
    </message>
    <message>
        <source>it does not run with the MoE layer recomputed</source>
        <translation>es läuft nicht mit Recomputation der MoE-Schicht</translation>
    </message>
    <message>
        <source>it needs BF16 or FP16</source>
        <translation>es braucht BF16 oder FP16</translation>
    </message>
    <message>
        <source>it runs at most one multi-token prediction depth</source>
        <translation>es verträgt höchstens eine Tiefe der Multi-Token-Vorhersage</translation>
    </message>
    <message>
        <source>it has no such switch</source>
        <translation>es hat keinen solchen Schalter</translation>
    </message>
    <message>
        <source>the parameter all-gather exists only with the distributed optimizer (ZeRO stage 1)</source>
        <translation>das All-Gather der Parameter gibt es nur mit dem verteilten Optimierer (ZeRO-Stufe 1)</translation>
    </message>
    <message>
        <source>gradient-sync cadence is a switch of fully_shard (ZeRO stage 3)</source>
        <translation>der Takt der Gradienten-Synchronisation ist ein Schalter von fully_shard (ZeRO-Stufe 3)</translation>
    </message>
    <message>
        <source>there is no expert-parallel all-to-all without EP</source>
        <translation>ohne EP gibt es kein expertenparalleles All-to-All</translation>
    </message>
    <message>
        <source>weights are all-gathered only where they are sharded (ZeRO stage 1 and up)</source>
        <translation>Gewichte werden nur gesammelt, wo sie verteilt sind (ab ZeRO-Stufe 1)</translation>
    </message>
    <message>
        <source>FP32 training has only FP32 gradients to reduce</source>
        <translation>FP32-Training hat nur FP32-Gradienten zu reduzieren</translation>
    </message>
    <message>
        <source>without --data-parallel-sharding-strategy it shards as optim_grads_params from core_v0.18.0 on (no_shard, the distributed optimizer alone, before)</source>
        <translation>ohne --data-parallel-sharding-strategy verteilt es ab core_v0.18.0 wie optim_grads_params (davor no_shard, nur der verteilte Optimierer)</translation>
    </message>
    <message>
        <source>the array of the key %1 is not closed</source>
        <translation>das Array des Schlüssels %1 wird nicht geschlossen</translation>
    </message>
    <message>
        <source>the table of the key %1 is not closed on its line</source>
        <translation>die Tabelle des Schlüssels %1 wird in ihrer Zeile nicht geschlossen</translation>
    </message>
    <message>
        <source>from core_v0.16.0 on Megatron-LM turns it off without --use-persistent-ckpt-worker</source>
        <translation>ab core_v0.16.0 schaltet Megatron-LM es ohne --use-persistent-ckpt-worker ab</translation>
    </message>
    <message>
        <source>the setting describes a training step; a serving engine captures its own graphs for decoding</source>
        <translation>die Einstellung beschreibt einen Trainingsschritt; eine Serving-Engine erfasst ihre eigenen Graphen für das Dekodieren</translation>
    </message>
    <message>
        <source>it launches a training step&apos;s kernels one by one</source>
        <translation>es startet die Kernel eines Trainingsschritts einzeln</translation>
    </message>
    <message>
        <source>per-layer graphs do not run with full recomputation (the whole iteration&apos;s graph does)</source>
        <translation>Graphen je Schicht laufen nicht mit voller Recomputation (der Graph der ganzen Iteration schon)</translation>
    </message>
    <message>
        <source>per-layer graphs do not run with activation offloading (the whole iteration&apos;s graph does)</source>
        <translation>Graphen je Schicht laufen nicht mit ausgelagerten Aktivierungen (der Graph der ganzen Iteration schon)</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s graph of the router does not run with the MoE layer recomputed</source>
        <translation>der Graph des Routers von Transformer Engine läuft nicht mit Recomputation der MoE-Schicht</translation>
    </message>
    <message>
        <source>without --moe-pad-expert-input-to-capacity Megatron-Core drops the tokens beyond an expert&apos;s capacity but does not pad the others up to it, where the model computes every expert at its capacity</source>
        <translation>ohne --moe-pad-expert-input-to-capacity verwirft Megatron-Core die Tokens über der Kapazität eines Experten, füllt die übrigen aber nicht bis zu ihr auf, während das Modell jeden Experten mit seiner Kapazität rechnet</translation>
    </message>
    <message>
        <source>the engine takes the longest context that fits in memory, which the design cannot know, so it keeps its own</source>
        <translation>die Engine nimmt den längsten Kontext, der in den Speicher passt; das kann das Design nicht wissen, daher behält es seinen eigenen</translation>
    </message>
    <message>
        <source>the setting describes a training step; a serving engine sends its tokens its own way</source>
        <translation>die Einstellung beschreibt einen Trainingsschritt; eine Serving-Engine verschickt ihre Tokens auf eigene Weise</translation>
    </message>
    <message>
        <source>its MoE layers send their tokens by all-to-all</source>
        <translation>seine MoE-Schichten verschicken ihre Tokens per All-to-All</translation>
    </message>
    <message>
        <source>DeepEP reaches at most 8 GPUs of a node over NVLink; HybridEP runs across a larger NVLink domain</source>
        <translation>DeepEP erreicht über NVLink höchstens 8 GPUs eines Knotens; HybridEP läuft über eine größere NVLink-Domäne</translation>
    </message>
    <message>
        <source>the model prices the alltoall dispatcher&apos;s traffic, not the all-gather of every token to every GPU of the group</source>
        <translation>das Modell bepreist den Verkehr des alltoall-Dispatchers, nicht das All-Gather jedes Tokens an jede GPU der Gruppe</translation>
    </message>
    <message>
        <source>the model knows the traffic of DeepEP and HybridEP, not NCCL&apos;s expert parallelism</source>
        <translation>das Modell kennt den Verkehr von DeepEP und HybridEP, nicht den der Expertenparallelität von NCCL</translation>
    </message>
    <message>
        <source>routing over all experts</source>
        <translation>Routing über alle Experten</translation>
    </message>
    <message>
        <source>without --moe-router-group-topk Megatron-Core does not limit the groups</source>
        <translation>ohne --moe-router-group-topk begrenzt Megatron-Core die Gruppen nicht</translation>
    </message>
    <message>
        <source>Megatron-Core refuses group-limited routing without --moe-router-num-groups</source>
        <translation>Megatron-Core lehnt auf Gruppen begrenztes Routing ohne --moe-router-num-groups ab</translation>
    </message>
    <message>
        <source>the vocabulary</source>
        <translation>das Vokabular</translation>
    </message>
    <message>
        <source>%1 tokens, the base design&apos;s</source>
        <translation>%1 Tokens, das des Basis-Designs</translation>
    </message>
    <message>
        <source>the file gives neither --vocab-size nor a known tokenizer</source>
        <translation>die Datei nennt weder --vocab-size noch einen bekannten Tokenizer</translation>
    </message>
    <message>
        <source>a model of its own</source>
        <translation>eigenes Modell</translation>
    </message>
    <message>
        <source>no built-in preset has that shape; Megatron-LM&apos;s defaults stand for the architecture flags the file leaves out</source>
        <translation>kein eingebautes Preset hat diese Form; für die Architektur-Flags, die die Datei auslässt, gelten Megatron-LMs Vorgaben</translation>
    </message>
    <message>
        <source>$(( without a closing ))</source>
        <translation>$(( ohne schließende ))</translation>
    </message>
    <message>
        <source>$( without a closing )</source>
        <translation>$( ohne schließende )</translation>
    </message>
</context>
<context>
    <name>Diagnostics</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Malformed JSON at line %1, column %2: %3</source>
        <translation>Fehlerhaftes JSON in Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>%1 must be %2, not %3.</source>
        <translation>%1 muss %2 sein, nicht %3.</translation>
    </message>
    <message>
        <source>Required field %1 is missing.</source>
        <translation>Das Pflichtfeld %1 fehlt.</translation>
    </message>
    <message>
        <source>%1 is not a valid value for %2 (expected %3).</source>
        <translation>%1 ist kein gültiger Wert für %2 (erwartet: %3).</translation>
    </message>
    <message>
        <source>This is not a Meshwright design: &quot;format&quot; is %1, expected &quot;meshwright.design&quot;.</source>
        <translation>Dies ist kein Meshwright-Design: „format“ ist %1, erwartet wird „meshwright.design“.</translation>
    </message>
    <message>
        <source>The design was written by a newer Meshwright (format version %1); this version reads up to %2.</source>
        <translation>Das Design stammt aus einer neueren Meshwright-Version (Formatversion %1); diese Version liest Formatversionen bis %2.</translation>
    </message>
    <message>
        <source>Format version %1 is not valid; versions start at 1.</source>
        <translation>Formatversion %1 ist ungültig; Versionen beginnen bei 1.</translation>
    </message>
    <message>
        <source>Unknown field %1: Meshwright does not use it, but keeps it when saving.</source>
        <translation>Unbekanntes Feld %1: Meshwright verwendet es nicht, behält es beim Speichern aber bei.</translation>
    </message>
    <message>
        <source>%1 is %2; Meshwright handles at most %3.</source>
        <translation>%1 ist %2; Meshwright verarbeitet höchstens %3.</translation>
    </message>
    <message>
        <source>%1 id %2 is used twice; ids must be unique.</source>
        <translation>%1-ID %2 wird doppelt verwendet; IDs müssen eindeutig sein.</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3; it is %4.</source>
        <translation>%1 muss zwischen %2 und %3 liegen; der Wert ist %4.</translation>
    </message>
    <message>
        <source>Unknown model preset &quot;%1&quot;. Known presets: %2.</source>
        <translation>Unbekannte Modell-Vorlage „%1“. Bekannte Vorlagen: %2.</translation>
    </message>
    <message>
        <source>Unknown GPU type &quot;%1&quot;. Known GPUs: %2.</source>
        <translation>Unbekannter GPU-Typ „%1“. Bekannte GPUs: %2.</translation>
    </message>
    <message>
        <source>Unknown link &quot;%1&quot;. Known links: %2.</source>
        <translation>Unbekannte Verbindung „%1“. Bekannte Verbindungen: %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a %2 link and cannot serve as %3.</source>
        <translation>„%1“ ist eine Verbindung der Klasse %2 und kann nicht als %3 dienen.</translation>
    </message>
    <message>
        <source>%1 attention heads cannot be shared by %2 key/value heads: heads must be a multiple of KV heads.</source>
        <translation>%1 Attention-Heads lassen sich nicht gleichmäßig auf %2 Key/Value-Heads verteilen: Die Zahl der Heads muss ein Vielfaches der KV-Heads sein.</translation>
    </message>
    <message>
        <source>Top-k (%1) cannot exceed the number of experts (%2).</source>
        <translation>Top-k (%1) darf die Zahl der Experts (%2) nicht übersteigen.</translation>
    </message>
    <message>
        <source>The model has %1 dense layers but no FFN size.</source>
        <translation>Das Modell hat %1 dichte Layer, aber keine FFN-Größe.</translation>
    </message>
    <message>
        <source>The model has %1 parameters; Meshwright handles up to %2.</source>
        <translation>Das Modell hat %1 Parameter; Meshwright verarbeitet bis zu %2.</translation>
    </message>
    <message>
        <source>Not modelled yet: %1. Figures leave it out.</source>
        <translation>Noch nicht modelliert: %1. Die berechneten Werte berücksichtigen das nicht.</translation>
    </message>
    <message>
        <source>The cluster has no GPUs in service.</source>
        <translation>Der Cluster hat keine GPUs in Betrieb.</translation>
    </message>
    <message>
        <source>Nodes hold different numbers of GPUs (%1): torchrun and Megatron start the same number of processes on every node.</source>
        <translation>Die Nodes haben unterschiedlich viele GPUs (%1): torchrun und Megatron starten auf jedem Node gleich viele Prozesse.</translation>
    </message>
    <message>
        <source>The cluster mixes GPU types (%1): the slowest GPU sets the pace and each GPU&apos;s own memory is its limit.</source>
        <translation>Der Cluster mischt GPU-Typen (%1): Die langsamste GPU bestimmt das Tempo, und jede GPU ist durch ihren eigenen Speicher begrenzt.</translation>
    </message>
    <message>
        <source>%1 GPUs are out of service and not used.</source>
        <translation>%1 GPUs sind außer Betrieb und werden nicht genutzt.</translation>
    </message>
    <message>
        <source>The layout needs %1 GPUs (%2) but the cluster has %3 in service.</source>
        <translation>Das Layout braucht %1 GPUs (%2), aber der Cluster hat nur %3 in Betrieb.</translation>
    </message>
    <message>
        <source>The layout uses %1 of the cluster&apos;s %2 GPUs (%3); %4 stay idle.</source>
        <translation>Das Layout nutzt %1 der %2 GPUs des Clusters (%3); %4 bleiben ungenutzt.</translation>
    </message>
    <message>
        <source>The layout needs %1 GPUs; Meshwright handles up to %2.</source>
        <translation>Das Layout braucht %1 GPUs; Meshwright verarbeitet bis zu %2.</translation>
    </message>
    <message>
        <source>The explicit placement lists %1 ranks but the layout has %2; the default placement is used instead.</source>
        <translation>Die explizite Platzierung nennt %1 Ranks, das Layout hat aber %2; stattdessen gilt die Standardplatzierung.</translation>
    </message>
    <message>
        <source>Rank %1 is placed on GPU %2, which the cluster does not have.</source>
        <translation>Rank %1 ist auf GPU %2 platziert, die es im Cluster nicht gibt.</translation>
    </message>
    <message>
        <source>GPU %1 holds both rank %2 and rank %3.</source>
        <translation>Auf GPU %1 liegen sowohl Rank %2 als auch Rank %3.</translation>
    </message>
    <message>
        <source>Rank %1 is placed on GPU %2, which is out of service.</source>
        <translation>Rank %1 ist auf GPU %2 platziert, die außer Betrieb ist.</translation>
    </message>
    <message>
        <source>TP=%1 does not divide the %2 attention heads.</source>
        <translation>TP=%1 teilt die %2 Attention-Heads nicht.</translation>
    </message>
    <message>
        <source>TP=%1 does not divide the %2 key/value heads.</source>
        <translation>TP=%1 teilt die %2 Key/Value-Heads nicht.</translation>
    </message>
    <message>
        <source>TP=%1 exceeds the %2 key/value heads: each KV head is replicated on %3 ranks (as vLLM does).</source>
        <translation>TP=%1 übersteigt die %2 Key/Value-Heads: Jeder KV-Head wird auf %3 Ranks repliziert (wie in vLLM).</translation>
    </message>
    <message>
        <source>TP=%1 does not divide the hidden size %2.</source>
        <translation>TP=%1 teilt die Hidden-Dimension %2 nicht.</translation>
    </message>
    <message>
        <source>TP=%1 does not divide the FFN size %2.</source>
        <translation>TP=%1 teilt die FFN-Größe %2 nicht.</translation>
    </message>
    <message>
        <source>Expert TP=%1 does not divide the expert FFN size %2.</source>
        <translation>Expert-TP=%1 teilt die Expert-FFN-Größe %2 nicht.</translation>
    </message>
    <message>
        <source>%1 of %2 TP groups span several nodes, so every layer&apos;s TP collectives cross the fabric (for example ranks %3). Keep TP inside a node: TP first in the order, and TP dividing the GPUs per node.</source>
        <translation>%1 von %2 TP-Gruppen erstrecken sich über mehrere Nodes, sodass die TP-Collectives jedes Layers über das Fabric laufen (zum Beispiel Ranks %3). Halten Sie TP innerhalb eines Nodes: TP an erster Stelle der Reihenfolge und TP als Teiler der GPUs pro Node.</translation>
    </message>
    <message>
        <source>TP=%1 on GPUs joined only by PCIe: every layer&apos;s all-reduce runs over PCIe. Keep TP at 1 or 2 without NVLink.</source>
        <translation>TP=%1 auf GPUs, die nur über PCIe verbunden sind: Das All-Reduce jedes Layers läuft über PCIe. Halten Sie TP ohne NVLink bei 1 oder 2.</translation>
    </message>
    <message>
        <source>Sequence parallelism works inside the TP group; with TP=1 it changes nothing.</source>
        <translation>Sequence Parallelism arbeitet innerhalb der TP-Gruppe; bei TP=1 bewirkt sie nichts.</translation>
    </message>
    <message>
        <source>%1 layers do not split evenly into PP=%2 × %3 virtual stages; give the layers per stage explicitly or change PP.</source>
        <translation>%1 Layer lassen sich nicht gleichmäßig auf PP=%2 × %3 virtuelle Stages verteilen; geben Sie die Layer pro Stage explizit an oder ändern Sie PP.</translation>
    </message>
    <message>
        <source>PP=%1 × %2 virtual stages make %3 stages, more than the %4 layers.</source>
        <translation>PP=%1 × %2 virtuelle Stages ergeben %3 Stages, mehr als die %4 Layer.</translation>
    </message>
    <message>
        <source>The layers per stage list %1 stages; PP=%2 × %3 virtual stages need %4.</source>
        <translation>Die Layer pro Stage nennen %1 Stages; PP=%2 × %3 virtuelle Stages erfordern %4.</translation>
    </message>
    <message>
        <source>The layers per stage add up to %1; the model has %2 layers.</source>
        <translation>Die Layer pro Stage ergeben zusammen %1; das Modell hat %2 Layer.</translation>
    </message>
    <message>
        <source>The %1 schedule needs %2 virtual stages per rank; the layout has %3.</source>
        <translation>Der Schedule %1 braucht %2 virtuelle Stages pro Rank; das Layout hat %3.</translation>
    </message>
    <message>
        <source>The interleaved schedule needs the %1 micro-batches to be a multiple of PP=%2 (Megatron-LM).</source>
        <translation>Der Interleaved-Schedule verlangt, dass die %1 Micro-Batches ein Vielfaches von PP=%2 sind (Megatron-LM).</translation>
    </message>
    <message>
        <source>%1 micro-batches for %2 pipeline stages: the pipeline never fills (PyTorch&apos;s 1F1B refuses this).</source>
        <translation>%1 Micro-Batches für %2 Pipeline-Stages: Die Pipeline füllt sich nie (1F1B in PyTorch lehnt das ab).</translation>
    </message>
    <message>
        <source>DualPipeV needs at least 2 × PP = %1 micro-batches; the layout has %2.</source>
        <translation>DualPipeV braucht mindestens 2 × PP = %1 Micro-Batches; das Layout hat %2.</translation>
    </message>
    <message>
        <source>DualPipe needs an even PP (half the micro-batches enter from each end); the layout has PP=%1.</source>
        <translation>DualPipe braucht ein gerades PP (die Hälfte der Micro-Batches tritt an jedem Ende ein); das Layout hat PP=%1.</translation>
    </message>
    <message>
        <source>DualPipe needs an even number of micro-batches, at least 2 × PP = %1; the layout has %2.</source>
        <translation>DualPipe braucht eine gerade Zahl von Micro-Batches, mindestens 2 × PP = %1; das Layout hat %2.</translation>
    </message>
    <message>
        <source>With PP=1 there is no pipeline; the %1 schedule has no effect.</source>
        <translation>Bei PP=1 gibt es keine Pipeline; der Schedule %1 hat keine Wirkung.</translation>
    </message>
    <message>
        <source>EP=%1 needs a mixture-of-experts model; %2 is dense.</source>
        <translation>EP=%1 erfordert ein Mixture-of-Experts-Modell; %2 ist dicht.</translation>
    </message>
    <message>
        <source>EP=%1 does not divide the %2 experts.</source>
        <translation>EP=%1 teilt die %2 Experts nicht.</translation>
    </message>
    <message>
        <source>In Megatron&apos;s convention expert TP × EP × PP (%1 × %2 × %3) must divide the %4 ranks.</source>
        <translation>Nach der Megatron-Konvention muss Expert-TP × EP × PP (%1 × %2 × %3) die %4 Ranks teilen.</translation>
    </message>
    <message>
        <source>The global batch of %1 does not divide into micro-batches of %2 on %3 data-parallel replicas.</source>
        <translation>Der globale Batch von %1 lässt sich nicht in Micro-Batches von %2 auf %3 Data-Parallel-Replicas aufteilen.</translation>
    </message>
    <message>
        <source>Sequence length %1 must be a multiple of 2 × CP = %2 (load-balanced causal context parallelism).</source>
        <translation>Die Sequenzlänge %1 muss ein Vielfaches von 2 × CP = %2 sein (kausale Context Parallelism mit Lastausgleich).</translation>
    </message>
    <message>
        <source>With sequence parallelism each CP rank&apos;s %1 tokens must divide by TP=%2.</source>
        <translation>Mit Sequence Parallelism müssen die %1 Tokens jedes CP-Ranks durch TP=%2 teilbar sein.</translation>
    </message>
    <message>
        <source>%1 tokens exceed the model&apos;s context window of %2.</source>
        <translation>%1 Tokens überschreiten das Kontextfenster des Models von %2.</translation>
    </message>
    <message>
        <source>ZeRO stage %1 shards across data-parallel ranks; with DP=1 it saves nothing.</source>
        <translation>ZeRO-Stufe %1 shardet über die Data-Parallel-Ranks; bei DP=1 spart sie nichts.</translation>
    </message>
    <message>
        <source>Serving keeps no gradients or optimizer states; the ZeRO stage is ignored.</source>
        <translation>Beim Serving gibt es keine Gradients und keinen Optimizer State; die ZeRO-Stufe wird ignoriert.</translation>
    </message>
    <message>
        <source>The HSDP shard group of %1 must divide DP=%2.</source>
        <translation>Die HSDP-Shard-Gruppe von %1 muss DP=%2 teilen.</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>%1 must be a finite time greater than zero; it is %2.</source>
        <translation>%1 muss eine endliche Zeit größer als null sein; der Wert ist %2.</translation>
    </message>
    <message>
        <source>%1 must be a finite time of zero or more; it is %2.</source>
        <translation>%1 muss eine endliche Zeit von null oder mehr sein; der Wert ist %2.</translation>
    </message>
    <message>
        <source>The stage time factors list %1 stages; PP=%2 × %3 virtual stages need %4 (or none for even stages).</source>
        <translation>Die Zeitfaktoren der Stages nennen %1 Stages; PP=%2 × %3 virtuelle Stages erfordern %4 (oder keine für gleich lange Stages).</translation>
    </message>
    <message>
        <source>The time factor of stage %1 is %2; it must be a finite number greater than zero.</source>
        <translation>Der Zeitfaktor von Stage %1 ist %2; er muss eine endliche Zahl größer als null sein.</translation>
    </message>
    <message>
        <source>The micro-batch group size N=%1 must lie between PP=%2 and the %3 micro-batches (Megatron-LM microbatch_group_size_per_vp_stage).</source>
        <translation>Die Micro-Batch-Gruppengröße N=%1 muss zwischen PP=%2 und den %3 Micro-Batches liegen (Megatron-LM microbatch_group_size_per_vp_stage).</translation>
    </message>
    <message>
        <source>The last micro-batch group holds %1 micro-batches (%2 mod N=%3); it must hold none or at least PP=%4, otherwise the pipeline stalls on dependencies (Megatron-LM).</source>
        <translation>Die letzte Micro-Batch-Gruppe enthält %1 Micro-Batches (%2 mod N=%3); sie muss leer sein oder mindestens PP=%4 enthalten, sonst blockiert die Pipeline an Abhängigkeiten (Megatron-LM).</translation>
    </message>
    <message>
        <source>PP=%1 × %2 virtual stages × %3 micro-batches make %4 pipeline operations; Meshwright simulates at most %5.</source>
        <translation>PP=%1 × %2 virtuelle Stages × %3 Micro-Batches ergeben %4 Pipeline-Operationen; Meshwright simuliert höchstens %5.</translation>
    </message>
    <message>
        <source>Rank %1 lists %2, which names a stage or micro-batch the pipeline does not have (%3 stages, %4 micro-batches).</source>
        <translation>Rank %1 nennt %2, eine Stage oder ein Micro-Batch, die es in der Pipeline nicht gibt (%3 Stages, %4 Micro-Batches).</translation>
    </message>
    <message>
        <source>Rank %1 lists %2, but stage %3 lives on rank %4.</source>
        <translation>Rank %1 nennt %2, aber Stage %3 liegt auf Rank %4.</translation>
    </message>
    <message>
        <source>Rank %1 runs %2, which has already run.</source>
        <translation>Rank %1 führt %2 aus, das bereits gelaufen ist.</translation>
    </message>
    <message>
        <source>The schedule never runs %1.</source>
        <translation>Der Schedule führt %1 nie aus.</translation>
    </message>
    <message>
        <source>The schedule cannot finish: rank %1 waits at %2 for %3, which cannot run before it.</source>
        <translation>Der Schedule kann nicht enden: Rank %1 wartet bei %2 auf %3, das nicht vorher laufen kann.</translation>
    </message>
    <message>
        <source>A collective needs at least one rank; it has %1.</source>
        <translation>Ein Collective braucht mindestens einen Rank; es hat %1.</translation>
    </message>
    <message>
        <source>With a single rank, %1 moves no data and takes no time.</source>
        <translation>Mit einem einzigen Rank bewegt %1 keine Daten und braucht keine Zeit.</translation>
    </message>
    <message>
        <source>%1 ranks are more than Meshwright handles (%2).</source>
        <translation>%1 Ranks sind mehr, als Meshwright verarbeitet (%2).</translation>
    </message>
    <message>
        <source>Step-by-step traces show at most %2 ranks; this collective has %1. Its cost needs no trace.</source>
        <translation>Schrittweise Abläufe zeigen höchstens %2 Ranks; dieses Collective hat %1. Seine Kosten brauchen keinen Ablauf.</translation>
    </message>
    <message>
        <source>The trace of %1 steps on %2 ranks × %3 chunks would need about %4; traces are kept under %5. Use fewer ranks or chunks.</source>
        <translation>Der Ablauf von %1 Schritten auf %2 Ranks × %3 Chunks bräuchte etwa %4; Abläufe bleiben unter %5. Verwenden Sie weniger Ranks oder Chunks.</translation>
    </message>
    <message>
        <source>The buffer must hold between 1 byte and %2; it is %1.</source>
        <translation>Der Buffer muss zwischen 1 Byte und %2 groß sein; er ist %1 groß.</translation>
    </message>
    <message>
        <source>The buffer needs at least one chunk (0 picks one per rank); it has %1.</source>
        <translation>Der Buffer braucht mindestens einen Chunk (0 wählt einen pro Rank); er hat %1.</translation>
    </message>
    <message>
        <source>The %1 algorithm gives every rank an equal share: %2 chunks must be a multiple of the %3 ranks.</source>
        <translation>Der Algorithmus %1 gibt jedem Rank einen gleichen Anteil: %2 Chunks müssen ein Vielfaches der %3 Ranks sein.</translation>
    </message>
    <message>
        <source>%1 chunks cannot cut a buffer of %2: every chunk needs at least one byte.</source>
        <translation>%1 Chunks können einen Buffer von %2 nicht aufteilen: Jeder Chunk braucht mindestens ein Byte.</translation>
    </message>
    <message>
        <source>The %1 algorithm does not implement %2; choose %3.</source>
        <translation>Der Algorithmus %1 implementiert %2 nicht; wählen Sie %3.</translation>
    </message>
    <message>
        <source>Ranks per node must be 0 (all in one node) or more; it is %1.</source>
        <translation>Ranks pro Node müssen 0 (alle in einem Node) oder mehr sein; der Wert ist %1.</translation>
    </message>
    <message>
        <source>The hierarchical algorithm needs whole nodes: %1 ranks are not a multiple of %2 ranks per node.</source>
        <translation>Der hierarchische Algorithmus braucht ganze Nodes: %1 Ranks sind kein Vielfaches von %2 Ranks pro Node.</translation>
    </message>
    <message>
        <source>A send needs two different ranks from 0 to %1; it has %2 → %3.</source>
        <translation>Ein Send braucht zwei verschiedene Ranks von 0 bis %1; er hat %2 → %3.</translation>
    </message>
    <message>
        <source>The %1 link needs a bandwidth above zero and a latency of zero or more; it has %2 and %3.</source>
        <translation>Die Verbindung %1 braucht eine Bandbreite über null und eine Latenz von null oder mehr; sie hat %2 und %3.</translation>
    </message>
    <message>
        <source>Line %1 is not a row of an nccl-tests table and was skipped: %2</source>
        <translation>Zeile %1 ist keine Zeile einer nccl-tests-Tabelle und wurde übersprungen: %2</translation>
    </message>
    <message>
        <source>No nccl-tests rows found: expected lines of size, count, type, redop, root, time, algbw, busbw.</source>
        <translation>Keine nccl-tests-Zeilen gefunden: erwartet werden Zeilen mit size, count, type, redop, root, time, algbw, busbw.</translation>
    </message>
    <message>
        <source>The stage boundary transfer times list %1 boundaries; %3 stages have %2 (or none for no transfers).</source>
        <translation>Die Übertragungszeiten an den Stage-Grenzen nennen %1 Grenzen; %3 Stages haben %2 (oder keine, wenn nichts übertragen wird).</translation>
    </message>
    <message>
        <source>The pipeline runs %1 operations per step; timelines are drawn for up to %2. Fewer micro-batches or stages show one (meshwright-cli schedule simulates larger ones).</source>
        <translation>Die Pipeline führt pro Schritt %1 Operationen aus; Timelines werden für bis zu %2 gezeichnet. Mit weniger Micro-Batches oder Stages erscheint eine (meshwright-cli schedule simuliert auch größere).</translation>
    </message>
    <message>
        <source>The design has errors; %1 gets no configuration until they are fixed.</source>
        <translation>Das Design hat Fehler; %1 erhält keine Konfiguration, bis sie behoben sind.</translation>
    </message>
    <message>
        <source>%1 launches training, but this design serves a model.</source>
        <translation>%1 startet Training, dieses Design bedient aber ein Modell (Serving).</translation>
    </message>
    <message>
        <source>%1 serves models, but this design trains one.</source>
        <translation>%1 bedient Modelle (Serving), dieses Design trainiert aber eines.</translation>
    </message>
    <message>
        <source>%1 has no pipeline parallelism; the design&apos;s PP = %2 cannot be expressed.</source>
        <translation>%1 kennt keine Pipeline Parallelism; PP = %2 des Designs lässt sich nicht ausdrücken.</translation>
    </message>
    <message>
        <source>%1 has no context parallelism; the design&apos;s CP = %2 cannot be expressed.</source>
        <translation>%1 kennt keine Context Parallelism; CP = %2 des Designs lässt sich nicht ausdrücken.</translation>
    </message>
    <message>
        <source>%1 has no expert parallelism; the design&apos;s EP = %2 cannot be expressed.</source>
        <translation>%1 kennt keine Expert Parallelism; EP = %2 des Designs lässt sich nicht ausdrücken.</translation>
    </message>
    <message>
        <source>%1 shards experts inside its tensor-parallel group (--ep-size up to --tp-size); the design&apos;s EP = %2 beside TP = %3 has no equivalent.</source>
        <translation>%1 verteilt die Experts innerhalb seiner Tensor-Parallel-Gruppe (--ep-size höchstens --tp-size); EP = %2 neben TP = %3 des Designs hat keine Entsprechung.</translation>
    </message>
    <message>
        <source>%1 runs pipeline parallelism only with ZeRO stage 0 or 1; the design combines PP = %2 with ZeRO-%3.</source>
        <translation>%1 unterstützt Pipeline Parallelism nur mit ZeRO-Stufe 0 oder 1; das Design kombiniert PP = %2 mit ZeRO-%3.</translation>
    </message>
    <message>
        <source>%1 takes %2 from the training script, not from this file; the header comment lists the values.</source>
        <translation>%1 übernimmt %2 aus dem Trainingsskript, nicht aus dieser Datei; der Kommentar am Anfang nennt die Werte.</translation>
    </message>
    <message>
        <source>%1 orders ranks %2; the design&apos;s order %3 cannot be expressed, so the groups differ from the design&apos;s.</source>
        <translation>%1 ordnet die Ranks als %2; die Reihenfolge %3 des Designs lässt sich nicht ausdrücken, daher weichen die Gruppen von denen des Designs ab.</translation>
    </message>
    <message>
        <source>%1 has no %2 schedule; the configuration uses %3 instead.</source>
        <translation>%1 kennt den Schedule %2 nicht; die Konfiguration verwendet stattdessen %3.</translation>
    </message>
    <message>
        <source>%1 cannot express the design&apos;s layer split over the pipeline stages; it splits the layers evenly.</source>
        <translation>%1 kann die Aufteilung der Layer auf die Pipeline-Stages nicht ausdrücken; es verteilt die Layer gleichmäßig.</translation>
    </message>
    <message>
        <source>%1 has no ZeRO stage %2; the configuration uses %3 instead.</source>
        <translation>%1 kennt keine ZeRO-Stufe %2; die Konfiguration verwendet stattdessen %3.</translation>
    </message>
    <message>
        <source>%1 cannot shard in groups of %2 ranks (HSDP); it shards over the whole data-parallel group.</source>
        <translation>%1 kann nicht in Gruppen von %2 Ranks sharden (HSDP); es shardet über die ganze Data-Parallel-Gruppe.</translation>
    </message>
    <message>
        <source>%1 has no %2 recomputation; the configuration uses %3 recomputation instead.</source>
        <translation>%1 kennt keine Recomputation der Art %2; die Konfiguration verwendet stattdessen %3.</translation>
    </message>
    <message>
        <source>%1 has no Megatron-style sequence parallelism; norms and dropout are not sharded in the TP group as the design assumes.</source>
        <translation>%1 kennt keine Sequence Parallelism nach Megatron-Art; Norms und Dropout werden nicht, wie im Design angenommen, in der TP-Gruppe geshardet.</translation>
    </message>
    <message>
        <source>%1 offloads parameters and gradients as well, not only the optimizer states as the design assumes.</source>
        <translation>%1 lagert auch Parameter und Gradients aus, nicht nur den Optimizer State, wie das Design annimmt.</translation>
    </message>
    <message>
        <source>Meshwright knows no %2 for the model &quot;%3&quot;; replace the placeholder %4 before running %1.</source>
        <translation>Meshwright kennt für das Modell „%3“ keinen Eintrag %2; ersetzen Sie den Platzhalter %4, bevor Sie %1 starten.</translation>
    </message>
    <message>
        <source>%1 numbers ranks node by node; the design places them differently, so ranks run on other GPUs than the design shows.</source>
        <translation>%1 nummeriert die Ranks Node für Node; das Design platziert sie anders, daher laufen Ranks auf anderen GPUs, als das Design zeigt.</translation>
    </message>
    <message>
        <source>%1 starts the same number of processes on every node, but the design uses %2 GPUs on some nodes and %3 on others.</source>
        <translation>%1 startet auf jedem Node gleich viele Prozesse, das Design nutzt aber auf manchen Nodes %2 GPUs und auf anderen %3.</translation>
    </message>
    <message>
        <source>%1 spreads the experts over DP × TP = %2 GPUs; the design&apos;s expert-parallel groups have %3.</source>
        <translation>%1 verteilt die Experts über DP × TP = %2 GPUs; die Expert-Parallel-Gruppen des Designs haben %3.</translation>
    </message>
    <message>
        <source>TP communication overlap needs sequence parallelism and TP &gt; 1 (Megatron-LM refuses --tp-comm-overlap without --sequence-parallel); the model leaves the TP collectives exposed.</source>
        <translation>TP-Kommunikationsüberlappung braucht Sequenzparallelität und TP &gt; 1 (Megatron-LM lehnt --tp-comm-overlap ohne --sequence-parallel ab); das Modell lässt die TP-Kollektive sichtbar.</translation>
    </message>
    <message>
        <source>The optimizer is offloaded to CPU with ZeRO stage 0, but DeepSpeed offloads only a sharded optimizer (ZeRO stage 1 or higher): raise the ZeRO stage, or keep the optimizer on the GPU.</source>
        <translation>Der Optimizer ist bei ZeRO-Stufe 0 auf die CPU ausgelagert, DeepSpeed lagert aber nur einen geshardeten Optimizer aus (ZeRO-Stufe 1 oder höher): Erhöhen Sie die ZeRO-Stufe oder lassen Sie den Optimizer auf der GPU.</translation>
    </message>
    <message>
        <source>%1 of %2 EP groups span several nodes, so every MoE layer&apos;s all-to-all crosses the fabric (for example ranks %3), though TP × EP = %4 fits a node. Put EP right after TP in the order to keep the all-to-all on NVLink.</source>
        <translation>%1 von %2 EP-Gruppen reichen über mehrere Nodes, daher läuft das All-to-All jedes MoE-Layers über das Fabric (zum Beispiel Ranks %3), obwohl TP × EP = %4 in einen Node passt. Setzen Sie EP in der Reihenfolge direkt hinter TP, damit das All-to-All auf NVLink bleibt.</translation>
    </message>
    <message>
        <source>The run&apos;s %1 was %2, the design&apos;s is %3: the other rows compare different workloads.</source>
        <translation>Der Lauf hatte %1 = %2, das Design hat %3: Die übrigen Zeilen vergleichen verschiedene Workloads.</translation>
    </message>
    <message>
        <source>%1, line %2: the header lacks the column(s) %3; a kernel table needs gpu, dtype, b, m, n, k and seconds.</source>
        <translation>%1, Zeile %2: In der Kopfzeile fehlt %3; eine Kerneltabelle braucht die Spalten gpu, dtype, b, m, n, k und seconds.</translation>
    </message>
    <message>
        <source>%1, line %2: %3 fields, but the header on line %4 names %5 columns.</source>
        <translation>%1, Zeile %2: %3 Felder, die Kopfzeile in Zeile %4 nennt aber %5 Spalten.</translation>
    </message>
    <message>
        <source>%1, line %2: a quoted field is not closed.</source>
        <translation>%1, Zeile %2: Ein Feld in Anführungszeichen ist nicht geschlossen.</translation>
    </message>
    <message>
        <source>%1, line %2, column %3: &quot;%4&quot; is not a positive whole number.</source>
        <translation>%1, Zeile %2, Spalte %3: „%4“ ist keine positive ganze Zahl.</translation>
    </message>
    <message>
        <source>%1, line %2, column seconds: &quot;%3&quot; is not a positive time in seconds.</source>
        <translation>%1, Zeile %2, Spalte seconds: „%3“ ist keine positive Zeit in Sekunden.</translation>
    </message>
    <message>
        <source>%1, line %2, column gpu: the GPU preset id is missing.</source>
        <translation>%1, Zeile %2, Spalte gpu: Die ID der GPU-Vorlage fehlt.</translation>
    </message>
    <message>
        <source>%1, line %2, column dtype: unknown data type &quot;%3&quot; (known: %4).</source>
        <translation>%1, Zeile %2, Spalte dtype: unbekannter Datentyp „%3“ (bekannt: %4).</translation>
    </message>
    <message>
        <source>%1, line %2: the shape %3 was already measured on line %4.</source>
        <translation>%1, Zeile %2: Die Form %3 wurde schon in Zeile %4 gemessen.</translation>
    </message>
    <message>
        <source>%1 holds no GEMM rows.</source>
        <translation>%1 enthält keine GEMM-Zeilen.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln GPU(s) out of service and not used.</source>
        <translation>
            <numerusform>%Ln GPU ist außer Betrieb und wird nicht genutzt.</numerusform>
            <numerusform>%Ln GPUs sind außer Betrieb und werden nicht genutzt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Line %1, column %2 is not valid JSON (%3): look there for a missing or extra comma, quote or bracket.</source>
        <translation>Zeile %1, Spalte %2 ist kein gültiges JSON (%3): Dort fehlt ein Komma, Anführungszeichen oder eine Klammer, oder eines ist zu viel.</translation>
    </message>
    <message>
        <source>The vocabulary of %1 is padded to %2 so that it divides into TP=%3 shards (%4 pads the output layer to a multiple of %5).</source>
        <translation>Das Vokabular von %1 wird auf %2 aufgefüllt, damit es sich in TP=%3 Teile teilen lässt (%4 füllt die Ausgabeschicht auf ein Vielfaches von %5 auf).</translation>
    </message>
    <message>
        <source>%1 does not run %2 designs: choose a %2 framework, or Auto.</source>
        <translation>%1 führt keine %2-Designs aus: Wählen Sie ein %2-Framework oder Auto.</translation>
    </message>
    <message>
        <source>%1 does not offer ZeRO stage %2; it offers stages %3.</source>
        <translation>%1 bietet ZeRO-Stufe %2 nicht an; es bietet die Stufen %3.</translation>
    </message>
    <message>
        <source>%1 runs pipeline parallelism with ZeRO stage %2 at most (its pipeline engine refuses stage %3): lower the ZeRO stage, set PP to 1, or choose another framework.</source>
        <translation>%1 betreibt Pipeline-Parallelität höchstens mit ZeRO-Stufe %2 (seine Pipeline-Engine lehnt Stufe %3 ab): Senken Sie die ZeRO-Stufe, setzen Sie PP auf 1 oder wählen Sie ein anderes Framework.</translation>
    </message>
    <message>
        <source>%1 has no %2 parallelism: set %2 to 1, or choose another framework.</source>
        <translation>%1 kennt keine %2-Parallelität: Setzen Sie %2 auf 1 oder wählen Sie ein anderes Framework.</translation>
    </message>
    <message>
        <source>%1 cannot offload %2 to the host: %3</source>
        <translation>%1 kann %2 nicht in den Hauptspeicher auslagern: %3</translation>
    </message>
    <message>
        <source>This is not a PyTorch profiler trace: it has no &quot;traceEvents&quot; array (torch.profiler&apos;s export_chrome_trace writes one).</source>
        <translation>Dies ist kein Trace des PyTorch-Profilers: Er hat kein Array &quot;traceEvents&quot; (export_chrome_trace von torch.profiler schreibt eines).</translation>
    </message>
    <message>
        <source>The trace holds no GPU kernels (events of category &quot;kernel&quot;): profile with ProfilerActivity.CUDA among the activities.</source>
        <translation>Der Trace enthält keine GPU-Kernels (Ereignisse der Kategorie &quot;kernel&quot;): Profilieren Sie mit ProfilerActivity.CUDA unter den Aktivitäten.</translation>
    </message>
    <message>
        <source>The trace holds no ProfilerStep#N annotations, so it has no step time: call prof.step() once per training step.</source>
        <translation>Der Trace enthält keine Annotationen ProfilerStep#N und damit keine Schrittzeit: Rufen Sie prof.step() einmal pro Trainingsschritt auf.</translation>
    </message>
    <message>
        <source>Architecture %1 is not one Meshwright can import; it reads %2.</source>
        <translation>Die Architektur %1 kann Meshwright nicht importieren; es liest %2.</translation>
    </message>
    <message>
        <source>The config&apos;s %1 is not modelled: %2.</source>
        <translation>In der Konfiguration wird %1 nicht modelliert: %2.</translation>
    </message>
    <message>
        <source>This is not a readable %1 file: %2.</source>
        <translation>Dies ist keine lesbare %1-Datei: %2.</translation>
    </message>
    <message>
        <source>The file holds no %1 configuration: %2.</source>
        <translation>Die Datei enthält keine %1-Konfiguration: %2.</translation>
    </message>
    <message>
        <source>The file starts %1 processes, but the cluster has %2 GPUs.</source>
        <translation>Die Datei startet %1 Prozesse, der Cluster hat aber %2 GPUs.</translation>
    </message>
    <message>
        <source>The degrees %1 need %2 GPUs, but the cluster has %3.</source>
        <translation>Die Grade %1 brauchen %2 GPUs, der Cluster hat aber %3.</translation>
    </message>
    <message>
        <source>The degrees %1 do not divide the cluster&apos;s %2 GPUs, so no data-parallel degree fills it.</source>
        <translation>Die Grade %1 teilen die %2 GPUs des Clusters nicht, daher füllt ihn kein datenparalleler Grad.</translation>
    </message>
    <message>
        <source>%1 = %2 conflicts with %3 = %4.</source>
        <translation>%1 = %2 widerspricht %3 = %4.</translation>
    </message>
    <message>
        <source>%1 = %2 cannot be imported: %3.</source>
        <translation>%1 = %2 kann nicht importiert werden: %3.</translation>
    </message>
    <message>
        <source>The file&apos;s model %1 is not a built-in preset; the design keeps %2.</source>
        <translation>Das Modell %1 der Datei ist keine eingebaute Vorlage; der Entwurf behält %2.</translation>
    </message>
    <message>
        <source>%1 is read as %2: %3.</source>
        <translation>%1 wird als %2 gelesen: %3.</translation>
    </message>
    <message>
        <source>The search space holds %1 layouts, more than the %2 one search tries: fix a degree or the schedule, or try the first %2 with a limit (meshwright-cli search --limit %2).</source>
        <translation>Der Suchraum umfasst %1 Layouts, mehr als die %2, die eine Suche ausprobiert: Legen Sie einen Grad oder den Zeitplan fest, oder probieren Sie die ersten %2 mit einer Grenze (meshwright-cli search --limit %2).</translation>
    </message>
    <message>
        <source>The cluster becomes %1 nodes of %2 GPUs, as the file starts %3 processes (it had %4 GPUs).</source>
        <translation>Der Cluster wird zu %1 Nodes mit je %2 GPUs, da die Datei %3 Prozesse startet (er hatte %4 GPUs).</translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. Model states (%7) are the largest part: shard them (a higher ZeRO stage, more DP), split the model further (more TP or PP), or offload the optimizer.</source>
        <translation>Das Layout passt nicht: Rank %1 (Pipeline-Stage %2) braucht %3, seine GPU fasst aber %4; %5 von %6 Ranks passen nicht. Der Model State (%7) ist der größte Teil: Sharden Sie ihn (höhere ZeRO-Stufe, mehr DP), teilen Sie das Modell weiter auf (mehr TP oder PP) oder lagern Sie den Optimizer aus.</translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. Activations (%7) are the largest part: recompute them, lower the micro-batch, use sequence parallelism with TP, add CP, or with PP 1 offload some layers&apos; activations to host memory.</source>
        <translation>Das Layout passt nicht: Rank %1 (Pipeline-Stage %2) braucht %3, seine GPU fasst aber %4; %5 von %6 Ranks passen nicht. Die Activations (%7) sind der größte Teil: Berechnen Sie sie neu (Recomputation), verkleinern Sie den Micro-Batch, nutzen Sie Sequence Parallelism mit TP, fügen Sie CP hinzu oder lagern Sie bei PP 1 die Activations einiger Layer in den Hauptspeicher aus.</translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. The weights (%7) are the largest part: shard the replica with more TP inside a node, or PP across nodes.</source>
        <translation>Das Layout passt nicht: Rank %1 (Pipeline-Stage %2) braucht %3, seine GPU fasst aber %4; %5 von %6 Ranks passen nicht. Die Weights (%7) sind der größte Teil: Sharden Sie die Replica mit mehr TP innerhalb eines Nodes oder mit PP über Nodes hinweg.</translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 (pipeline stage %2) needs %3 but its GPU holds %4; %5 of %6 ranks do not fit. The KV cache (%7) is the largest part: serve fewer sequences at once (at most %8 fit), store the cache in FP8, or raise TP.</source>
        <translation>Das Layout passt nicht: Rank %1 (Pipeline-Stage %2) braucht %3, seine GPU fasst aber %4; %5 von %6 Ranks passen nicht. Der KV-Cache (%7) ist der größte Teil: Bedienen Sie weniger Sequenzen gleichzeitig (höchstens %8 passen), speichern Sie den Cache in FP8 oder erhöhen Sie TP.</translation>
    </message>
    <message>
        <source>%1 cannot run with %2 set this way: %3</source>
        <translation>%1 kann mit dieser Einstellung von %2 nicht laufen: %3</translation>
    </message>
    <message>
        <source>%1 always shards norms and dropout along the sequence under TP; the design&apos;s TP without sequence parallelism runs with it.</source>
        <translation>%1 teilt Normierungen und Dropout unter TP immer entlang der Sequenz; das TP des Designs ohne Sequenzparallelität läuft mit ihr.</translation>
    </message>
    <message>
        <source>Node %1 needs %2 of host memory for the offloaded states of its %3 GPUs, but has %4 of RAM; %5 of %6 nodes are over. Offload less (the optimizer only, or none), shard over more GPUs (a higher ZeRO stage, more DP), or set the nodes&apos; RAM if it is larger.</source>
        <translation>Node %1 braucht %2 Hauptspeicher für die ausgelagerten Zustände seiner %3 GPUs, hat aber %4 RAM; %5 von %6 Nodes liegen darüber. Weniger auslagern (nur den Optimierer oder nichts), über mehr GPUs sharden (eine höhere ZeRO-Stufe, mehr DP) oder den RAM der Nodes setzen, wenn er größer ist.</translation>
    </message>
    <message>
        <source>%1 does not run the %2 pipeline schedule. Frameworks that run it: %3. Choose one of them, or another schedule.</source>
        <translation>%1 führt den Pipeline-Schedule %2 nicht aus. Frameworks, die ihn ausführen: %3. Wählen Sie eines davon oder einen anderen Schedule.</translation>
    </message>
    <message>
        <source>%1 does not run the %2 pipeline schedule, and no other framework does: choose another schedule, or set the framework to Auto to model the schedule on its own.</source>
        <translation>%1 führt den Pipeline-Schedule %2 nicht aus, und kein anderes Framework tut es: Wählen Sie einen anderen Schedule, oder setzen Sie das Framework auf Auto, um den Schedule für sich zu modellieren.</translation>
    </message>
    <message>
        <source>Node %1 needs %2 of host memory for the asynchronous checkpoint and any offloaded states of its %3 GPUs, but has %4 of RAM; %5 of %6 nodes are over. Save checkpoints synchronously, offload less, shard over more GPUs, or set the nodes&apos; RAM if it is larger.</source>
        <translation>Node %1 braucht %2 Hauptspeicher für den asynchronen Checkpoint und ausgelagerte Zustände seiner %3 GPUs, hat aber %4 RAM; %5 von %6 Nodes liegen darüber. Checkpoints synchron speichern, weniger auslagern, über mehr GPUs sharden oder den RAM der Nodes setzen, wenn er größer ist.</translation>
    </message>
    <message>
        <source>Auto models the %2 pipeline schedule on its own, with the memory and switches of %1, which does not run it. Frameworks that run it: %3.</source>
        <translation>Auto modelliert den Pipeline-Schedule %2 für sich, mit Speicher und Schaltern von %1, das ihn nicht ausführt. Frameworks, die ihn ausführen: %3.</translation>
    </message>
    <message>
        <source>Auto models the %2 pipeline schedule on its own, with the memory and switches of %1; no framework Meshwright knows runs it.</source>
        <translation>Auto modelliert den Pipeline-Schedule %2 für sich, mit Speicher und Schaltern von %1; kein Framework, das Meshwright kennt, führt ihn aus.</translation>
    </message>
    <message>
        <source>%1 has no %2 mixed precision; the configuration uses %3 instead.</source>
        <translation>%1 kennt keine %2-Mixed-Precision; die Konfiguration verwendet stattdessen %3.</translation>
    </message>
    <message>
        <source>The FP8 recipe mxfp8 needs tensor cores that take block-scaled FP8 (Blackwell); %1 has none, and Transformer Engine refuses the recipe there. Choose tensorwise or delayed scaling.</source>
        <translation>Das FP8-Rezept mxfp8 braucht Tensor-Kerne, die blockweise skaliertes FP8 verarbeiten (Blackwell); %1 hat keine, und Transformer Engine lehnt das Rezept dort ab. Wählen Sie Skalierung pro Tensor (tensorwise) oder verzögerte Skalierung (delayed).</translation>
    </message>
    <message>
        <source>%1 cannot offload activations to the host; Megatron-Core can (--cpu-offloading), or set the offloaded layers to 0.</source>
        <translation>%1 kann keine Activations in den Hauptspeicher auslagern; Megatron-Core kann es (--cpu-offloading), oder setzen Sie die ausgelagerten Layer auf 0.</translation>
    </message>
    <message>
        <source>Megatron-Core offloads activations only without pipeline parallelism; the layout has PP=%1.</source>
        <translation>Megatron-Core lagert Activations nur ohne Pipeline-Parallelism aus; das Layout hat PP=%1.</translation>
    </message>
    <message>
        <source>Megatron-Core cannot offload activations and recompute them (%1 recomputation) at once: choose one.</source>
        <translation>Megatron-Core kann Activations nicht zugleich auslagern und neu berechnen (%1 Recomputation): Wählen Sie eines.</translation>
    </message>
    <message>
        <source>Megatron-Core offloads the activations of fewer layers than the model&apos;s %1; the layout offloads %2.</source>
        <translation>Megatron-Core lagert die Activations von weniger Layern aus, als das Modell hat (%1); das Layout lagert %2 aus.</translation>
    </message>
    <message>
        <source>%1 has no activation offloading to host memory; the configuration keeps every layer&apos;s activations on the GPU.</source>
        <translation>%1 kann Activations nicht in den Hauptspeicher auslagern; die Konfiguration behält die Activations jedes Layers auf der GPU.</translation>
    </message>
    <message>
        <source>Meshwright knows multi-token prediction training from Megatron-Core (--mtp-num-layers), not from %1: the figures include the model&apos;s %2 prediction depth(s) as Megatron-Core runs them. Set the model&apos;s multi-token prediction depths to 0 to price the run without them.</source>
        <translation>Meshwright kennt das Training mit Multi-Token-Prediction von Megatron-Core (--mtp-num-layers), nicht von %1: Die Zahlen enthalten die %2 Vorhersagetiefe(n) des Modells so, wie Megatron-Core sie ausführt. Setzen Sie die Multi-Token-Prediction-Tiefen des Modells auf 0, um den Lauf ohne sie zu bewerten.</translation>
    </message>
    <message>
        <source>%1 has no multi-token prediction; the configuration trains the model without its %2 prediction depth(s), which the design&apos;s figures include.</source>
        <translation>%1 kennt keine Multi-Token-Prediction; die Konfiguration trainiert das Modell ohne seine %2 Vorhersagetiefe(n), die die Zahlen des Designs enthalten.</translation>
    </message>
    <message>
        <source>Stage %1 has %2 layers; every stage needs at least one, but in training the first may hold only the embedding and the last only the output head and the loss.</source>
        <translation>Stage %1 hat %2 Layer; jede Stage braucht mindestens einen, außer im Training der ersten, die nur das Embedding halten darf, und der letzten, die nur Output-Head und Loss halten darf.</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>Memory is tight: rank %1 (pipeline stage %2) needs %3 with the allowance for the allocator&apos;s fragmentation but its GPU holds %4; without the allowance it needs %5. The layout runs only if PyTorch&apos;s caching allocator wastes less than %6 of what it allocates (%7 of %8 ranks are this close). Leave a margin (recompute, a smaller micro-batch), or run with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, which keeps that waste low.</source>
        <translation>Der Speicher ist knapp: Rank %1 (Pipeline-Stage %2) braucht mit dem Zuschlag für die Fragmentierung des Allocators %3, seine GPU fasst aber %4; ohne den Zuschlag braucht er %5. Das Layout läuft nur, wenn PyTorchs Caching-Allocator weniger als %6 dessen verschwendet, was er belegt (%7 von %8 Ranks sind so knapp). Lassen Sie Reserve (Recomputation, ein kleinerer Micro-Batch) oder starten Sie mit PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, das diese Verschwendung klein hält.</translation>
    </message>
    <message>
        <source>%1 reduce-scatters FSDP&apos;s gradients %2; the design&apos;s gradientSyncEveryMicroBatch %3 cannot be expressed.</source>
        <translation>%1 verteilt die Gradienten von FSDP per Reduce-Scatter %2; gradientSyncEveryMicroBatch %3 des Designs lässt sich nicht ausdrücken.</translation>
    </message>
    <message>
        <source>%1 keeps the optimizer&apos;s moments in FP32; the configuration&apos;s optimizer states take the 4 bytes a parameter that the design&apos;s %2 moments save.</source>
        <translation>%1 hält die Momente des Optimizers in FP32; die Optimizer-Zustände der Konfiguration belegen die 4 Byte pro Parameter, die die %2-Momente des Designs sparen.</translation>
    </message>
    <message>
        <source>%1 overlaps the parameter all-gather only with --overlap-grad-reduce; the design overlaps the gather without it (Megatron-Bridge&apos;s ddp.overlap_param_gather), the configuration does not.</source>
        <translation>%1 überlappt das All-Gather der Parameter nur mit --overlap-grad-reduce; das Design überlappt es ohne (ddp.overlap_param_gather von Megatron-Bridge), die Konfiguration nicht.</translation>
    </message>
    <message>
        <source>%1 composes TP or CP only with sharded data parallelism (its ParallelismConfig refuses dp_shard_size 1 beside dp_replicate_size &gt; 1); the design&apos;s shard group of 1 over DP = %2 replicates every weight.</source>
        <translation>%1 kombiniert TP oder CP nur mit geshardeter Datenparallelität (seine ParallelismConfig lehnt dp_shard_size 1 neben dp_replicate_size &gt; 1 ab); die Shard-Gruppe von 1 des Designs über DP = %2 repliziert jedes Gewicht.</translation>
    </message>
    <message>
        <source>The figures leave out the padding a CUDA graph of the whole iteration needs on this dropless design: %1 pads the experts to a capacity factor (moeCapacityFactor) or, with HybridEP, each rank&apos;s tokens to a fixed multiple of their mean (moe_expert_rank_capacity_factor).</source>
        <translation>Die Zahlen lassen das Auffüllen aus, das ein CUDA-Graph der ganzen Iteration bei diesem Design ohne Verwerfen braucht: %1 füllt die Experten auf einen Kapazitätsfaktor auf (moeCapacityFactor) oder, mit HybridEP, die Tokens jedes Ranks auf ein festes Vielfaches ihres Mittels (moe_expert_rank_capacity_factor).</translation>
    </message>
    <message>
        <source>%1 captures the whole iteration only with static expert shapes; with the alltoall dispatcher written here a dropless MoE layer has none: set a capacity factor (the design&apos;s moeCapacityFactor) or run the flex dispatcher with --moe-expert-rank-capacity-factor.</source>
        <translation>%1 erfasst die ganze Iteration nur mit festen Formen der Experten; mit dem hier geschriebenen alltoall-Dispatcher hat eine MoE-Schicht ohne Verwerfen keine: Setzen Sie einen Kapazitätsfaktor (moeCapacityFactor des Designs) oder nutzen Sie den flex-Dispatcher mit --moe-expert-rank-capacity-factor.</translation>
    </message>
    <message>
        <source>Group-limited routing of %1 experts in %2 groups, %3 of them a token, cannot hold its top-%4: the groups must divide the experts, and the chosen groups hold at least top-k experts.</source>
        <translation>Auf Gruppen begrenztes Routing von %1 Experten in %2 Gruppen, %3 davon je Token, kann seine Top-%4 nicht aufnehmen: Die Gruppen müssen die Experten teilen, und die gewählten Gruppen müssen mindestens Top-k Experten enthalten.</translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <source>pipeline makespan + exposed data-parallel synchronisation + optimizer step</source>
        <translation>Dauer der Pipeline + sichtbare datenparallele Synchronisation + Optimizer-Schritt</translation>
    </message>
    <message>
        <source>pipeline makespan</source>
        <translation>Dauer der Pipeline</translation>
    </message>
    <message>
        <source>data-parallel synchronisation, exposed</source>
        <translation>datenparallele Synchronisation, sichtbar</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>Optimizer-Schritt</translation>
    </message>
    <message>
        <source>bubble (share of GPU time)</source>
        <translation>Bubble (Anteil der GPU-Zeit)</translation>
    </message>
    <message>
        <source>GEMM efficiency</source>
        <translation>GEMM-Effizienz</translation>
    </message>
    <message>
        <source>3 × forward FLOPs × micro-batches × GPUs per stage / (step × Σ GPU peak)</source>
        <translation>3 × Forward-FLOPs × Micro-Batches × GPUs pro Stage / (Schritt × Σ GPU-Spitzenleistung)</translation>
    </message>
    <message>
        <source>model FLOPs per step (Megatron, causal attention)</source>
        <translation>Modell-FLOPs pro Schritt (Megatron, kausale Attention)</translation>
    </message>
    <message>
        <source>hardware FLOPs per step (with recomputation)</source>
        <translation>Hardware-FLOPs pro Schritt (mit Recomputation)</translation>
    </message>
    <message>
        <source>Σ GPU dense BF16 peak</source>
        <translation>Σ dichte BF16-Spitzenleistung der GPUs</translation>
    </message>
    <message>
        <source>Σ GPU dense FP8 peak</source>
        <translation>Σ dichte FP8-Spitzenleistung der GPUs</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>MFU against the FP8 peak</source>
        <translation>MFU gegenüber der FP8-Spitzenleistung</translation>
    </message>
    <message>
        <source>model FLOPs per step, Megatron non-causal (Narayanan et al. 2021 eq. 3 without recomputation)</source>
        <translation>Modell-FLOPs pro Schritt, Megatron nicht kausal (Narayanan et al. 2021, Gl. 3 ohne Recomputation)</translation>
    </message>
    <message>
        <source>MFU, Megatron non-causal</source>
        <translation>MFU, Megatron nicht kausal</translation>
    </message>
    <message>
        <source>model FLOPs per step, PaLM 6N + 12·L·h·s per token</source>
        <translation>Modell-FLOPs pro Schritt, PaLM 6N + 12·L·h·s pro Token</translation>
    </message>
    <message>
        <source>MFU, PaLM</source>
        <translation>MFU, PaLM</translation>
    </message>
    <message>
        <source>MFU is stated against the dense BF16 peak, with Megatron-LM&apos;s FLOP count and causal attention (the work the kernels do). Papers that count attention over the whole square (Megatron 2021, Korthikanti 2022) or use PaLM&apos;s 6N + 12·L·h·s report a higher MFU for the same run: compare with the row of the same convention.</source>
        <translation>Die MFU bezieht sich auf die dichte BF16-Spitzenleistung, mit der FLOP-Zählung von Megatron-LM und kausaler Attention (der Arbeit, die die Kernels tun). Arbeiten, die die Attention über das ganze Quadrat zählen (Megatron 2021, Korthikanti 2022) oder PaLMs 6N + 12·L·h·s verwenden, nennen für denselben Lauf eine höhere MFU: Vergleichen Sie mit der Zeile derselben Konvention.</translation>
    </message>
    <message>
        <source>micro-batches per step</source>
        <translation>Micro-Batches pro Schritt</translation>
    </message>
    <message>
        <source>layers on the critical pipeline rank</source>
        <translation>Layer auf dem kritischen Pipeline-Rank</translation>
    </message>
    <message>
        <source>TP all-reduces per layer and micro-batch</source>
        <translation>TP-All-Reduces pro Layer und Micro-Batch</translation>
    </message>
    <message>
        <source>TP all-gathers per layer and micro-batch</source>
        <translation>TP-All-Gathers pro Layer und Micro-Batch</translation>
    </message>
    <message>
        <source>TP reduce-scatters per layer and micro-batch</source>
        <translation>TP-Reduce-Scatters pro Layer und Micro-Batch</translation>
    </message>
    <message>
        <source>one TP all-reduce</source>
        <translation>ein TP-All-Reduce</translation>
    </message>
    <message>
        <source>one TP all-gather</source>
        <translation>ein TP-All-Gather</translation>
    </message>
    <message>
        <source>one TP reduce-scatter</source>
        <translation>ein TP-Reduce-Scatter</translation>
    </message>
    <message>
        <source>one layer and micro-batch, all-reduce visible</source>
        <translation>ein Layer und Micro-Batch, All-Reduce sichtbar</translation>
    </message>
    <message>
        <source>one layer and micro-batch, all-gather visible</source>
        <translation>ein Layer und Micro-Batch, All-Gather sichtbar</translation>
    </message>
    <message>
        <source>one layer and micro-batch, reduce-scatter visible</source>
        <translation>ein Layer und Micro-Batch, Reduce-Scatter sichtbar</translation>
    </message>
    <message>
        <source>data-parallel reduction after the pipeline</source>
        <translation>datenparallele Reduktion nach der Pipeline</translation>
    </message>
    <message>
        <source>ZeRO parameter all-gather after the optimizer</source>
        <translation>ZeRO-All-Gather der Parameter nach dem Optimizer</translation>
    </message>
    <message>
        <source>FSDP, per micro-batch that synchronises</source>
        <translation>FSDP, pro synchronisierendem Micro-Batch</translation>
    </message>
    <message>
        <source>FSDP, over the step</source>
        <translation>FSDP, über den Schritt</translation>
    </message>
    <message>
        <source>visible all-reduce</source>
        <translation>sichtbares All-Reduce</translation>
    </message>
    <message>
        <source>visible all-gather</source>
        <translation>sichtbares All-Gather</translation>
    </message>
    <message>
        <source>visible reduce-scatter</source>
        <translation>sichtbares Reduce-Scatter</translation>
    </message>
    <message>
        <source>visible all-to-all</source>
        <translation>sichtbares All-to-All</translation>
    </message>
    <message>
        <source>visible point-to-point</source>
        <translation>sichtbares Point-to-Point</translation>
    </message>
    <message>
        <source>Σ stages [max(prefill FLOPs / (peak × η), weights / HBM) + TP all-reduces + send]</source>
        <translation>Σ Stages [max(Prefill-FLOPs / (Spitzenleistung × η), Weights / HBM) + TP-All-Reduces + Send]</translation>
    </message>
    <message>
        <source>prompt tokens P</source>
        <translation>Prompt-Tokens P</translation>
    </message>
    <message>
        <source>compute, all stages</source>
        <translation>Rechnen, alle Stages</translation>
    </message>
    <message>
        <source>weight reads, all stages</source>
        <translation>Lesen der Weights, alle Stages</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>GEMM efficiency η</source>
        <translation>GEMM-Effizienz η</translation>
    </message>
    <message>
        <source>Σ stages [max(decode FLOPs / (peak × η), (weights + B × context × KV per token) / HBM) + TP all-reduces + EP all-to-all + send]</source>
        <translation>Σ Stages [max(Decode-FLOPs / (Spitzenleistung × η), (Weights + B × Kontext × KV pro Token) / HBM) + TP-All-Reduces + EP-All-to-All + Send]</translation>
    </message>
    <message>
        <source>sequences in flight B</source>
        <translation>laufende Sequenzen B</translation>
    </message>
    <message>
        <source>mean context P + O/2</source>
        <translation>mittlerer Kontext P + O/2</translation>
    </message>
    <message>
        <source>memory reads, all stages</source>
        <translation>Speicherzugriffe, alle Stages</translation>
    </message>
    <message>
        <source>bytes read per step, slowest stage</source>
        <translation>gelesene Bytes pro Schritt, langsamste Stage</translation>
    </message>
    <message>
        <source>memory-bound: more sequences per step cost little until compute binds</source>
        <translation>speichergebunden: mehr Sequenzen pro Schritt kosten wenig, bis die Rechenleistung begrenzt</translation>
    </message>
    <message>
        <source>compute-bound at this batch</source>
        <translation>bei diesem Batch rechengebunden</translation>
    </message>
    <message>
        <source>replicas × B / inter-token latency</source>
        <translation>Replicas × B / Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>Replicas</translation>
    </message>
    <message>
        <source>sequences per replica B</source>
        <translation>Sequenzen pro Replica B</translation>
    </message>
    <message>
        <source>inter-token latency</source>
        <translation>Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>optimizer on the CPU (host memory bound)</source>
        <translation>Optimierer auf der CPU (durch den Hostspeicher begrenzt)</translation>
    </message>
    <message>
        <source>updated parameters back to the GPU</source>
        <translation>aktualisierte Parameter zurück zur GPU</translation>
    </message>
    <message>
        <source>host transfers the compute does not hide</source>
        <translation>Host-Transfers, die die Rechnung nicht verdeckt</translation>
    </message>
    <message>
        <source>parameters updated on the host, slowest rank</source>
        <translation>auf dem Host aktualisierte Parameter, langsamster Rang</translation>
    </message>
    <message>
        <source>host link per direction</source>
        <translation>Host-Verbindung je Richtung</translation>
    </message>
    <message>
        <source>host memory bandwidth per GPU</source>
        <translation>Hostspeicher-Bandbreite je GPU</translation>
    </message>
    <message>
        <source>With CPU offload the optimizer step runs on the host: its time is the CPU optimizer, bound by host memory, plus the transfers over the host link that the compute does not hide (docs/offload.md).</source>
        <translation>Mit CPU-Offload läuft der Optimiererschritt auf dem Host: seine Zeit ist der CPU-Optimierer, durch den Hostspeicher begrenzt, plus die Transfers über die Host-Verbindung, die die Rechnung nicht verdeckt (docs/offload.md).</translation>
    </message>
    <message>
        <source>2·s·b·h/t (the layer input only)</source>
        <translation>2·s·b·h/t (nur die Eingabe des Layers)</translation>
    </message>
    <message>
        <source>2·s·b·h (the layer input only)</source>
        <translation>2·s·b·h (nur die Eingabe des Layers)</translation>
    </message>
    <message>
        <source>Ψ_rank dense (this rank&apos;s TP/PP shard)</source>
        <translation>Ψ_rank dicht (TP/PP-Shard dieses Ranks)</translation>
    </message>
    <message>
        <source>Ψ_rank experts (÷ EP × expert TP)</source>
        <translation>Ψ_rank Experts (÷ EP × Expert-TP)</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO-Stufe</translation>
    </message>
    <message>
        <source>N dense (DP × CP × EP)</source>
        <translation>N dicht (DP × CP × EP)</translation>
    </message>
    <message>
        <source>N dense (DP × CP)</source>
        <translation>N dicht (DP × CP)</translation>
    </message>
    <message>
        <source>N experts (expert DP)</source>
        <translation>N Experts (Expert-DP)</translation>
    </message>
    <message>
        <source>weight bytes per parameter</source>
        <translation>Weight-Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Ψ_rank × weight bytes per parameter</source>
        <translation>Ψ_rank × Weight-Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Ψ_rank × weight bytes per parameter ÷ N (ZeRO shard group)</source>
        <translation>Ψ_rank × Weight-Bytes pro Parameter ÷ N (ZeRO-Shard-Gruppe)</translation>
    </message>
    <message>
        <source>gradient bytes per parameter</source>
        <translation>Gradient-Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Ψ_rank × gradient bytes per parameter</source>
        <translation>Ψ_rank × Gradient-Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Ψ_rank × gradient bytes per parameter ÷ N (ZeRO shard group)</source>
        <translation>Ψ_rank × Gradient-Bytes pro Parameter ÷ N (ZeRO-Shard-Gruppe)</translation>
    </message>
    <message>
        <source>optimizer bytes per parameter</source>
        <translation>Optimizer-Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Ψ_rank × optimizer bytes per parameter</source>
        <translation>Ψ_rank × Optimizer-Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Ψ_rank × optimizer bytes per parameter ÷ N (ZeRO shard group)</source>
        <translation>Ψ_rank × Optimizer-Bytes pro Parameter ÷ N (ZeRO-Shard-Gruppe)</translation>
    </message>
    <message>
        <source>in-flight × (dense layers × A_dense + MoE layers × A_moe + first-stage inputs) + last-stage inputs</source>
        <translation>gleichzeitig gehalten × (dichte Layer × A_dense + MoE-Layer × A_moe + Eingaben der ersten Stage) + Eingaben der letzten Stage</translation>
    </message>
    <message>
        <source>A per layer, a GPT layer&apos;s generalised to GQA, SwiGLU, dropout-free models and MoE</source>
        <translation>A pro Layer, das eines GPT-Layers, verallgemeinert auf GQA, SwiGLU, Modelle ohne Dropout und MoE</translation>
    </message>
    <message>
        <source>in-flight micro-batches (stage units)</source>
        <translation>gleichzeitig gehaltene Micro-Batches (in Stage-Einheiten)</translation>
    </message>
    <message>
        <source>layers on this rank</source>
        <translation>Layer auf diesem Rank</translation>
    </message>
    <message>
        <source>MoE layers on this rank</source>
        <translation>MoE-Layer auf diesem Rank</translation>
    </message>
    <message>
        <source>A_dense per layer and micro-batch</source>
        <translation>A_dense pro Layer und Micro-Batch</translation>
    </message>
    <message>
        <source>A_moe per layer and micro-batch</source>
        <translation>A_moe pro Layer und Micro-Batch</translation>
    </message>
    <message>
        <source>s (tokens per CP rank)</source>
        <translation>s (Tokens pro CP-Rank)</translation>
    </message>
    <message>
        <source>b (micro-batch)</source>
        <translation>b (Micro-Batch)</translation>
    </message>
    <message>
        <source>h (hidden size)</source>
        <translation>h (Hidden Size)</translation>
    </message>
    <message>
        <source>a (attention heads)</source>
        <translation>a (Attention-Heads)</translation>
    </message>
    <message>
        <source>t (TP)</source>
        <translation>t (TP)</translation>
    </message>
    <message>
        <source>Full recomputation keeps only each layer&apos;s input; the layer being recomputed is under temporary buffers.</source>
        <translation>Volle Recomputation behält nur die Eingabe jedes Layers; der gerade neu berechnete Layer zählt zu den temporären Buffern.</translation>
    </message>
    <message>
        <source>Selective recomputation recomputes the s×s attention scores instead of storing them.</source>
        <translation>Selektive Recomputation berechnet die s×s-Attention-Scores neu, statt sie zu speichern.</translation>
    </message>
    <message>
        <source>FlashAttention stores a 4-byte log-sum-exp per head and query instead of the s×s attention scores (Dao et al. 2022).</source>
        <translation>FlashAttention speichert statt der s×s-Attention-Scores ein 4-Byte-Log-Sum-Exp pro Head und Query (Dao et al. 2022).</translation>
    </message>
    <message>
        <source>FSDP units gathered at once</source>
        <translation>gleichzeitig gesammelte FSDP-Einheiten</translation>
    </message>
    <message>
        <source>FSDP units gathered × largest layer × weight bytes + largest layer × gradient bytes</source>
        <translation>gesammelte FSDP-Einheiten × größter Layer × Weight-Bytes + größter Layer × Gradient-Bytes</translation>
    </message>
    <message>
        <source>gathered FSDP units and one unit&apos;s full gradients</source>
        <translation>gesammelte FSDP-Einheiten und die vollen Gradients einer Einheit</translation>
    </message>
    <message>
        <source>largest layer × gradient bytes</source>
        <translation>größter Layer × Gradient-Bytes</translation>
    </message>
    <message>
        <source>one FSDP unit&apos;s full gradients</source>
        <translation>die vollen Gradients einer FSDP-Einheit</translation>
    </message>
    <message>
        <source>FP32 logits of the last stage</source>
        <translation>FP32-Logits der letzten Stage</translation>
    </message>
    <message>
        <source>2·s·b·h (all-gathered SP input)</source>
        <translation>2·s·b·h (per All-Gather gesammelte SP-Eingabe)</translation>
    </message>
    <message>
        <source>sequence-parallel all-gather buffer</source>
        <translation>All-Gather-Buffer der Sequence Parallelism</translation>
    </message>
    <message>
        <source>one layer&apos;s activations while it is recomputed</source>
        <translation>Activations eines Layers, während er neu berechnet wird</translation>
    </message>
    <message>
        <source>the layer being recomputed</source>
        <translation>der neu berechnete Layer</translation>
    </message>
    <message>
        <source>one layer&apos;s attention scores while they are recomputed</source>
        <translation>Attention-Scores eines Layers, während sie neu berechnet werden</translation>
    </message>
    <message>
        <source>recomputed attention scores</source>
        <translation>neu berechnete Attention-Scores</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>DDP buckets in flight</source>
        <translation>DDP-Buckets in Arbeit</translation>
    </message>
    <message>
        <source>DDP bucket copy of all gradients</source>
        <translation>DDP-Bucket-Kopie aller Gradients</translation>
    </message>
    <message>
        <source>reduce-scatter / all-gather buffers in flight</source>
        <translation>Reduce-Scatter-/All-Gather-Buffer in Arbeit</translation>
    </message>
    <message>
        <source>CUDA context + fragmentation × allocated</source>
        <translation>CUDA-Kontext + Fragmentierung × belegt</translation>
    </message>
    <message>
        <source>CUDA context and library workspaces</source>
        <translation>CUDA-Kontext und Workspaces der Bibliotheken</translation>
    </message>
    <message>
        <source>fragmentation (share of allocated)</source>
        <translation>Fragmentierung (Anteil am Belegten)</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>belegt</translation>
    </message>
    <message>
        <source>communicators × NCCL buffers per communicator</source>
        <translation>Communicators × NCCL-Buffer pro Communicator</translation>
    </message>
    <message>
        <source>communicators (dimensions with groups &gt; 1)</source>
        <translation>Communicators (Dimensionen mit Gruppen &gt; 1)</translation>
    </message>
    <message>
        <source>NCCL buffers per communicator</source>
        <translation>NCCL-Buffer pro Communicator</translation>
    </message>
    <message>
        <source>Ψ_rank × bytes per weight</source>
        <translation>Ψ_rank × Bytes pro Weight</translation>
    </message>
    <message>
        <source>Ψ_rank (this rank&apos;s TP/PP/EP shard)</source>
        <translation>Ψ_rank (TP/PP/EP-Shard dieses Ranks)</translation>
    </message>
    <message>
        <source>bytes per weight</source>
        <translation>Bytes pro Weight</translation>
    </message>
    <message>
        <source>MLA latent, replicated over TP</source>
        <translation>MLA-Latent, über TP repliziert</translation>
    </message>
    <message>
        <source>KV heads per rank = ⌈KV heads / TP⌉</source>
        <translation>KV-Heads pro Rank = ⌈KV-Heads / TP⌉</translation>
    </message>
    <message>
        <source>layers × 2 × KV heads per rank × head dim × bytes per value × context × concurrent sequences</source>
        <translation>Layer × 2 × KV-Heads pro Rank × Head-Dimension × Bytes pro Wert × Kontext × gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>KV bytes per token and layer on this rank</source>
        <translation>KV-Bytes pro Token und Layer auf diesem Rank</translation>
    </message>
    <message>
        <source>context per sequence (÷ CP)</source>
        <translation>Kontext pro Sequenz (÷ CP)</translation>
    </message>
    <message>
        <source>concurrent sequences</source>
        <translation>gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>W (sliding window)</source>
        <translation>W (Sliding Window)</translation>
    </message>
    <message>
        <source>sliding-window layers hold at most W tokens (Mistral 7B, arXiv:2310.06825 §2)</source>
        <translation>Layer mit Sliding Window halten höchstens W Tokens (Mistral 7B, arXiv:2310.06825 §2)</translation>
    </message>
    <message>
        <source>profiled tokens × live bytes per token in one layer + 3 × sequences × V × 4 (FP32 logits, probabilities, log-probabilities)</source>
        <translation>profilierte Tokens × lebende Bytes pro Token in einem Layer + 3 × Sequenzen × V × 4 (FP32-Logits, Wahrscheinlichkeiten, Log-Wahrscheinlichkeiten)</translation>
    </message>
    <message>
        <source>profiled tokens (max_num_batched_tokens)</source>
        <translation>profilierte Tokens (max_num_batched_tokens)</translation>
    </message>
    <message>
        <source>live bytes per token</source>
        <translation>lebende Bytes pro Token</translation>
    </message>
    <message>
        <source>profiled sequences (max_num_seqs = concurrent sequences)</source>
        <translation>profilierte Sequenzen (max_num_seqs = gleichzeitige Sequenzen)</translation>
    </message>
    <message>
        <source>sampler buffers</source>
        <translation>Sampler-Buffer</translation>
    </message>
    <message>
        <source>The engine keeps its activations in the share of the device it leaves free (the reserve).</source>
        <translation>Die Engine hält ihre Activations in dem Anteil des Geräts, den sie frei lässt (der Reserve).</translation>
    </message>
    <message>
        <source>non-torch memory with tensor parallelism</source>
        <translation>Speicher außerhalb von PyTorch mit Tensor Parallelism</translation>
    </message>
    <message>
        <source>non-torch memory of one GPU</source>
        <translation>Speicher außerhalb von PyTorch auf einer GPU</translation>
    </message>
    <message>
        <source>non-torch memory</source>
        <translation>Speicher außerhalb von PyTorch</translation>
    </message>
    <message>
        <source>(1 − the engine&apos;s share of the device) × capacity</source>
        <translation>(1 − Anteil der Engine am Gerät) × Kapazität</translation>
    </message>
    <message>
        <source>share of the device</source>
        <translation>Anteil am Gerät</translation>
    </message>
    <message>
        <source>capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>KV bytes per token on the fullest rank × context ÷ CP</source>
        <translation>KV-Bytes pro Token auf dem vollsten Rank × Kontext ÷ CP</translation>
    </message>
    <message>
        <source>KV bytes per token on the fullest pipeline rank</source>
        <translation>KV-Bytes pro Token auf dem vollsten Pipeline-Rank</translation>
    </message>
    <message>
        <source>fullest pipeline rank</source>
        <translation>vollster Pipeline-Rank</translation>
    </message>
    <message>
        <source>layers on that rank</source>
        <translation>Layer auf diesem Rank</translation>
    </message>
    <message>
        <source>KV heads are split over TP (replicated once TP exceeds them) and layers over PP.</source>
        <translation>KV-Heads werden über TP aufgeteilt (repliziert, sobald TP sie übersteigt), Layer über PP.</translation>
    </message>
    <message>
        <source>min over ranks ⌊(capacity − weights − workspace − non-torch − reserve) ÷ KV bytes per sequence⌋, counted in whole KV blocks of the engine&apos;s block tokens</source>
        <translation>Minimum über die Ranks ⌊(Kapazität − Weights − Workspace − außerhalb von PyTorch − Reserve) ÷ KV-Bytes pro Sequenz⌋, gezählt in ganzen KV-Blöcken der Block-Tokens der Engine</translation>
    </message>
    <message>
        <source>capacity of the limiting rank</source>
        <translation>Kapazität des begrenzenden Ranks</translation>
    </message>
    <message>
        <source>left for the KV cache</source>
        <translation>übrig für den KV-Cache</translation>
    </message>
    <message>
        <source>KV block (tokens)</source>
        <translation>KV-Block (Tokens)</translation>
    </message>
    <message>
        <source>KV bytes per sequence on that rank</source>
        <translation>KV-Bytes pro Sequenz auf diesem Rank</translation>
    </message>
    <message>
        <source>limiting pipeline rank</source>
        <translation>begrenzender Pipeline-Rank</translation>
    </message>
    <message>
        <source>(4 all-gathers + 4 reduce-scatters) × (t−1)/t × s/CP·b·h·e × layers × micro-batches</source>
        <translation>(4 All-Gathers + 4 Reduce-Scatters) × (t−1)/t × s/CP·b·h·e × Layer × Micro-Batches</translation>
    </message>
    <message>
        <source>4 all-reduces × 2(t−1)/t × s/CP·b·h·e × layers × micro-batches</source>
        <translation>4 All-Reduces × 2(t−1)/t × s/CP·b·h·e × Layer × Micro-Batches</translation>
    </message>
    <message>
        <source>s/CP (tokens per CP rank)</source>
        <translation>s/CP (Tokens pro CP-Rank)</translation>
    </message>
    <message>
        <source>h (hidden)</source>
        <translation>h (Hidden Size)</translation>
    </message>
    <message>
        <source>e (bytes per element)</source>
        <translation>e (Bytes pro Element)</translation>
    </message>
    <message>
        <source>bytes per layer per micro-batch</source>
        <translation>Bytes pro Layer und Micro-Batch</translation>
    </message>
    <message>
        <source>micro-batches</source>
        <translation>Micro-Batches</translation>
    </message>
    <message>
        <source>Per layer: attention and MLP, forward and backward. Megatron&apos;s implementation re-gathers the input for the weight gradient (6 all-gathers + 4 reduce-scatters), and recomputation repeats forward collectives; neither is counted.</source>
        <translation>Pro Layer: Attention und MLP, Forward und Backward. Die Implementierung von Megatron sammelt die Eingabe für den Weight-Gradienten erneut (6 All-Gathers + 4 Reduce-Scatters), und Recomputation wiederholt Collectives des Forward-Passes; beides wird nicht gezählt.</translation>
    </message>
    <message>
        <source>3(CP−1) × KV block × layers × micro-batches; KV block = 2·(s/CP)·b·(KV heads/t)·d·e</source>
        <translation>3(CP−1) × KV-Block × Layer × Micro-Batches; KV-Block = 2·(s/CP)·b·(KV-Heads/t)·d·e</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>KV block</source>
        <translation>KV-Block</translation>
    </message>
    <message>
        <source>Forward passes CP−1 KV blocks around the ring; backward CP−1 KV and CP−1 dKV blocks around the reversed ring.</source>
        <translation>Der Forward-Pass reicht CP−1 KV-Blöcke um den Ring; der Backward-Pass CP−1 KV- und CP−1 dKV-Blöcke um den umgekehrten Ring.</translation>
    </message>
    <message>
        <source>(sends forward + sends backward) × [s/CP (/t with SP), b, h]·e × micro-batches</source>
        <translation>(Sends vorwärts + Sends rückwärts) × [s/CP (/t mit SP), b, h]·e × Micro-Batches</translation>
    </message>
    <message>
        <source>boundary sends per micro-batch and direction</source>
        <translation>Sends an Stage-Grenzen pro Micro-Batch und Richtung</translation>
    </message>
    <message>
        <source>activation per boundary</source>
        <translation>Activation pro Grenze</translation>
    </message>
    <message>
        <source>The first and last stages send in one direction only; the busiest GPU is a middle stage.</source>
        <translation>Die erste und die letzte Stage senden nur in eine Richtung; die am stärksten belastete GPU liegt in einer mittleren Stage.</translation>
    </message>
    <message>
        <source>4 all-to-alls × (EP−1)/EP × T·k·h·e × MoE layers × micro-batches</source>
        <translation>4 All-to-Alls × (EP−1)/EP × T·k·h·e × MoE-Layer × Micro-Batches</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>T (tokens routed per GPU)</source>
        <translation>T (geroutete Tokens pro GPU)</translation>
    </message>
    <message>
        <source>k (top-k)</source>
        <translation>k (Top-k)</translation>
    </message>
    <message>
        <source>payload per all-to-all</source>
        <translation>Nutzdaten pro All-to-All</translation>
    </message>
    <message>
        <source>leaving the GPU per all-to-all</source>
        <translation>verlassen die GPU pro All-to-All</translation>
    </message>
    <message>
        <source>Uniform routing: (EP−1)/EP of every token leaves the GPU.</source>
        <translation>Gleichmäßiges Routing: (EP−1)/EP jedes Tokens verlässt die GPU.</translation>
    </message>
    <message>
        <source>2(N−1)/N × Ψ·e_g (all-reduce of the gradients)</source>
        <translation>2(N−1)/N × Ψ·e_g (All-Reduce der Gradients)</translation>
    </message>
    <message>
        <source>(N−1)/N × (R·Ψ·e_g + G·Ψ·e_w) (R reduce-scatters of the gradients, G all-gathers of the weights)</source>
        <translation>(N−1)/N × (R·Ψ·e_g + G·Ψ·e_w) (R Reduce-Scatters der Gradients, G All-Gathers der Weights)</translation>
    </message>
    <message>
        <source>N (ranks holding the same dense parameters: DP × CP)</source>
        <translation>N (Ranks mit denselben dichten Parametern: DP × CP)</translation>
    </message>
    <message>
        <source>Ψ (dense parameters of the fullest rank)</source>
        <translation>Ψ (dichte Parameter des vollsten Ranks)</translation>
    </message>
    <message>
        <source>e_g (bytes per gradient)</source>
        <translation>e_g (Bytes pro Gradient)</translation>
    </message>
    <message>
        <source>e_w (bytes per weight)</source>
        <translation>e_w (Bytes pro Weight)</translation>
    </message>
    <message>
        <source>R (reduce-scatters per step)</source>
        <translation>R (Reduce-Scatters pro Schritt)</translation>
    </message>
    <message>
        <source>G (all-gathers per step)</source>
        <translation>G (All-Gathers pro Schritt)</translation>
    </message>
    <message>
        <source>N for expert parameters</source>
        <translation>N für Expert-Parameter</translation>
    </message>
    <message>
        <source>FSDP (fully_shard) gathers the weights for every micro-batch&apos;s forward, again for its backward when it reshards after forward, and reduce-scatters every micro-batch&apos;s gradients unless gradient sync waits for the last one; without either it gathers once per step.</source>
        <translation>FSDP (fully_shard) sammelt die Weights für den Forward-Pass jedes Micro-Batches, erneut für dessen Backward-Pass, wenn es nach dem Forward-Pass neu shardet, und verteilt die Gradients jedes Micro-Batches per Reduce-Scatter, sofern die Gradient-Synchronisation nicht auf den letzten wartet; ohne beides sammelt es einmal pro Schritt.</translation>
    </message>
    <message>
        <source>HSDP shard groups are counted as sharding over the whole group.</source>
        <translation>HSDP-Shard-Gruppen werden gezählt, als würde über die ganze Gruppe geshardet.</translation>
    </message>
    <message>
        <source>Once per optimizer step: gradients accumulate locally over the micro-batches (Megatron-LM finalize_model_grads, DeepSpeed at the accumulation boundary).</source>
        <translation>Einmal pro Optimizer-Schritt: Die Gradients sammeln sich lokal über die Micro-Batches (Megatron-LM finalize_model_grads, DeepSpeed an der Akkumulationsgrenze).</translation>
    </message>
    <message>
        <source>DualPipe: both copies of each stage&apos;s gradients summed, exposed</source>
        <translation>DualPipe: Gradienten beider Kopien jeder Stufe summiert, sichtbar</translation>
    </message>
    <message>
        <source>DualPipe: gradients each rank sends to rank PP−1−r (both stages; with ZeRO its partition)</source>
        <translation>DualPipe: Gradienten, die jeder Rang an Rang PP−1−r sendet (beide Stufen; mit ZeRO seine Partition)</translation>
    </message>
    <message>
        <source>routed tokens of the busiest EP rank over the mean (capacity factor or measured skew)</source>
        <translation>geroutete Tokens des am stärksten belasteten EP-Ranks über dem Mittel (Capacity Factor oder gemessene Schieflage)</translation>
    </message>
    <message>
        <source>bytes of a saved linear-layer input (FP8 copy)</source>
        <translation>Bytes einer gespeicherten Eingabe einer linearen Schicht (FP8-Kopie)</translation>
    </message>
    <message>
        <source>in-flight × (recomputed dense layers × A_dense + recomputed MoE layers × A_moe + the other layers&apos; kept activations + first-stage inputs) + last-stage inputs</source>
        <translation>in-flight × (neu berechnete dichte Layer × A_dense + neu berechnete MoE-Layer × A_moe + die behaltenen Activations der übrigen Layer + Eingaben der ersten Stage) + Eingaben der letzten Stage</translation>
    </message>
    <message>
        <source>layers on this rank that recompute their forward</source>
        <translation>Layer dieses Ranks, die ihren Forward neu berechnen</translation>
    </message>
    <message>
        <source>A_dense of a layer that keeps its activations</source>
        <translation>A_dense eines Layers, der seine Activations behält</translation>
    </message>
    <message>
        <source>A_moe of a layer that keeps its activations</source>
        <translation>A_moe eines Layers, der seine Activations behält</translation>
    </message>
    <message>
        <source>Full recomputation of the first layers of each model chunk (Megatron-LM --recompute-method block): they keep only their input, the others all their activations (A_dense and A_moe count the recomputed ones); the layer being recomputed is under temporary buffers.</source>
        <translation>Volle Recomputation der ersten Layer jedes Modell-Chunks (Megatron-LM --recompute-method block): Sie behalten nur ihre Eingabe, die übrigen alle ihre Activations (A_dense und A_moe zählen die neu berechneten); der gerade neu berechnete Layer zählt zu den temporären Buffern.</translation>
    </message>
    <message>
        <source>layers whose activations wait in host memory</source>
        <translation>Layer, deren Activations im Hauptspeicher warten</translation>
    </message>
    <message>
        <source>their bytes per micro-batch, on the host</source>
        <translation>deren Bytes pro Micro-Batch, im Hauptspeicher</translation>
    </message>
    <message>
        <source>The first layers&apos; activations wait in host memory between their forward and backward (Megatron-Core&apos;s activation offloading): only the other layers count here; the layer on its way to or from the host is under temporary buffers.</source>
        <translation>Die Activations der ersten Layer warten zwischen Forward und Backward im Hauptspeicher (Activation-Offloading von Megatron-Core): Hier zählen nur die übrigen Layer; der Layer auf dem Weg zum oder vom Host zählt zu den temporären Buffern.</translation>
    </message>
    <message>
        <source>2·s·b·V/t (BF16 logits, the fused loss in place)</source>
        <translation>2·s·b·V/t (BF16-Logits, der fusionierte Loss arbeitet in-place)</translation>
    </message>
    <message>
        <source>BF16 logits of the last stage</source>
        <translation>BF16-Logits der letzten Stage</translation>
    </message>
    <message>
        <source>one layer&apos;s activations on their way to or from the host</source>
        <translation>die Activations eines Layers auf dem Weg zum oder vom Host</translation>
    </message>
    <message>
        <source>the layer being offloaded or reloaded</source>
        <translation>der gerade aus- oder zurückgeladene Layer</translation>
    </message>
    <message>
        <source>of which an FP8 GEMM weight (gathered as FP8 or BF16)</source>
        <translation>davon ein FP8-GEMM-Weight (im All-Gather als FP8 oder BF16)</translation>
    </message>
    <message>
        <source>of Ψ_rank dense, the GEMM weights (FP8)</source>
        <translation>davon in Ψ_rank dicht die GEMM-Weights (FP8)</translation>
    </message>
    <message>
        <source>bytes per other dense parameter</source>
        <translation>Bytes pro übrigem dichten Parameter</translation>
    </message>
    <message>
        <source>last-stage inputs include the multi-token prediction depths: each a layer&apos;s activations, its projection&apos;s input and its head&apos;s inputs</source>
        <translation>Eingaben der letzten Stage einschließlich der Multi-Token-Prediction-Tiefen: je die Activations eines Layers, die Eingabe seiner Projektion und die Eingaben seines Heads</translation>
    </message>
    <message>
        <source>multi-token prediction depths on this rank</source>
        <translation>Multi-Token-Prediction-Tiefen auf diesem Rank</translation>
    </message>
    <message>
        <source>activations of one depth</source>
        <translation>Activations einer Tiefe</translation>
    </message>
    <message>
        <source>multi-token prediction depths × the logits above</source>
        <translation>Multi-Token-Prediction-Tiefen × die Logits oben</translation>
    </message>
    <message>
        <source>logits of the multi-token prediction depths</source>
        <translation>Logits der Multi-Token-Prediction-Tiefen</translation>
    </message>
    <message>
        <source>one layer&apos;s recomputed modules while they are rebuilt</source>
        <translation>die neu berechneten Module eines Layers, während sie neu entstehen</translation>
    </message>
    <message>
        <source>the recomputed modules of one layer</source>
        <translation>die neu berechneten Module eines Layers</translation>
    </message>
    <message>
        <source>TP communication overlap (--tp-comm-overlap): each TP all-gather and reduce-scatter of a dense layer hides under its neighbouring GEMM but for one of its chunks (TransformerEngine userbuffers: TP chunks on the ring exchange, 4 on the forward&apos;s pipelined reduce-scatter), and the GEMMs beside the pipelined and bulk collectives run on the SMs those leave (docs/kernel-model.md).</source>
        <translation>TP-Kommunikations-Overlap (--tp-comm-overlap): jedes TP-All-Gather und -Reduce-Scatter eines dichten Layers verbirgt sich bis auf einen seiner Chunks hinter dem benachbarten GEMM (TransformerEngine-Userbuffers: TP Chunks beim Ring-Austausch, 4 beim gepipelineten Reduce-Scatter des Forward), und die GEMMs neben den gepipelineten und den Bulk-Kollektiven laufen auf den SMs, die diese übrig lassen (docs/kernel-model.md).</translation>
    </message>
    <message>
        <source>TP collectives are exposed, as Megatron-LM runs them without --tp-comm-overlap.</source>
        <translation>TP-Kollektive liegen offen, wie Megatron-LM sie ohne --tp-comm-overlap ausführt.</translation>
    </message>
    <message>
        <source>the word embedding&apos;s copy the first and the last stage sum, per rank</source>
        <translation>die Kopie des Wort-Embeddings, die erste und letzte Stage summieren, je Rank</translation>
    </message>
    <message>
        <source>the word embedding&apos;s two copies&apos; gradients summed by the first and last stage, exposed</source>
        <translation>Gradienten der beiden Kopien des Wort-Embeddings, von erster und letzter Stage summiert, offen</translation>
    </message>
    <message>
        <source>inside the layers: micro-batches × layers (and prediction depths) × what each layer waits for (its collectives, less what its GEMMs hide with TP overlap); after the pipeline: what the last backward cannot hide (DDP buckets, ZeRO&apos;s parameter all-gather); FSDP: per-layer gathers and reduce-scatters compute cannot hide × micro-batches; point-to-point: what the stage sends add to the schedule, and the CP ring beyond the attention it overlaps</source>
        <translation>in den Layern: Micro-Batches × Layer (und Vorhersagetiefen) × worauf jeder Layer wartet (seine Collectives, abzüglich dessen, was seine GEMMs mit TP-Überlappung verbergen); nach der Pipeline: was der letzte Backward-Pass nicht verbergen kann (DDP-Buckets, ZeRO-All-Gather der Parameter); FSDP: Gathers und Reduce-Scatters je Layer, die die Rechnung nicht verbirgt × Micro-Batches; Point-to-Point: was die Sends zwischen Stages dem Schedule hinzufügen, und der CP-Ring über die Attention hinaus, mit der er überlappt</translation>
    </message>
    <message>
        <source>of these, compute slowed beside hidden collectives (18.9 % while both run)</source>
        <translation>davon: Rechenzeit, verlangsamt neben verdeckten Kollektiven (18,9 %, solange beide laufen)</translation>
    </message>
    <message>
        <source>Asynchronous TP (torch.compile&apos;s micro-pipelined TP): each TP all-gather and reduce-scatter of a dense layer is fused with its neighbouring matmul in TP chunks, two at a time, and hides but for one chunk; the copies run on the copy engines, and each reduce-scatter ends in a sum of the TP partial products over HBM (torch/distributed/_symmetric_memory, docs/kernel-model.md).</source>
        <translation>Asynchrones TP (das mikro-gepipelinete TP von torch.compile): jedes TP-All-Gather und jeder Reduce-Scatter einer dichten Schicht ist mit der benachbarten Matmul in TP-Stücken verschmolzen, zwei gleichzeitig, und verbirgt sich bis auf ein Stück; die Kopien laufen auf den Copy-Engines, und jeder Reduce-Scatter endet mit einer Summe der TP-Teilprodukte über HBM (torch/distributed/_symmetric_memory, docs/kernel-model.md).</translation>
    </message>
    <message>
        <source>TP collectives are exposed, as PyTorch runs DTensor&apos;s all-gathers and reduce-scatters without asynchronous TP.</source>
        <translation>TP-Kollektive liegen offen, wie PyTorch die All-Gathers und Reduce-Scatters von DTensor ohne asynchrones TP ausführt.</translation>
    </message>
    <message>
        <source>No TP collectives: TP is 1.</source>
        <translation>Keine TP-Kollektive: TP ist 1.</translation>
    </message>
    <message>
        <source>of these, FSDP2&apos;s copies out of its all-gather and into its reduce-scatter buffers</source>
        <translation>davon die Kopien von FSDP2 aus seinem All-Gather- und in seinen Reduce-Scatter-Puffer</translation>
    </message>
    <message>
        <source>Ψ_rank × weight bytes per parameter ÷ N + Ψ_rank × gathered bytes per parameter</source>
        <translation>Ψ_rank × Weight-Bytes pro Parameter ÷ N + Ψ_rank × gesammelte Bytes pro Parameter</translation>
    </message>
    <message>
        <source>gathered bytes per parameter</source>
        <translation>gesammelte Bytes pro Parameter</translation>
    </message>
    <message>
        <source>Without resharding after forward (FSDP2 reshard_after_forward=False) the gathered weights stay from forward to backward, beside the shard.</source>
        <translation>Ohne Resharding nach dem Forward (FSDP2 reshard_after_forward=False) bleiben die gesammelten Weights vom Forward bis zum Backward, neben dem Shard.</translation>
    </message>
    <message>
        <source>Without gradient sync between micro-batches (gradientSyncEveryMicroBatch off) FSDP2 keeps every parameter&apos;s unsharded gradient in reduce_dtype and adds each micro-batch&apos;s into it, until the last one reduce-scatters: they count whole.</source>
        <translation>Ohne Gradienten-Synchronisation zwischen Micro-Batches (gradientSyncEveryMicroBatch aus) hält FSDP2 den vollständigen (nicht geshardeten) Gradienten jedes Parameters in reduce_dtype und addiert den jedes Micro-Batches hinein, bis der letzte ihn per Reduce-Scatter verteilt: Die Gradienten zählen ganz.</translation>
    </message>
    <message>
        <source>4·s·b·V/t (the compiled loss: BF16 logits and their BF16 gradient)</source>
        <translation>4·s·b·V/t (der kompilierte Loss: BF16-Logits und ihr BF16-Gradient)</translation>
    </message>
    <message>
        <source>the compiled loss&apos;s logits and gradient</source>
        <translation>Logits und Gradient des kompilierten Loss</translation>
    </message>
    <message>
        <source>bytes a logit the eager loss holds</source>
        <translation>Bytes je Logit, die der eager Loss hält</translation>
    </message>
    <message>
        <source>eager loss bytes × s·b·V/t (FP32 log-probabilities and their backward&apos;s two FP32 gradients)</source>
        <translation>Bytes des eager Loss × s·b·V/t (FP32-Log-Wahrscheinlichkeiten und die zwei FP32-Gradienten ihres Backward)</translation>
    </message>
    <message>
        <source>the eager loss over the logits</source>
        <translation>der eager Loss über die Logits</translation>
    </message>
    <message>
        <source>2·s·b·V/t (the BF16 logits the pipeline keeps for the backward)</source>
        <translation>2·s·b·V/t (die BF16-Logits, die die Pipeline für den Rückwärtsdurchlauf behält)</translation>
    </message>
    <message>
        <source>the last stage&apos;s output the pipeline keeps</source>
        <translation>die Ausgabe der letzten Stage, die die Pipeline behält</translation>
    </message>
    <message>
        <source>bytes per element of the input&apos;s all-gathers, in FP8</source>
        <translation>Bytes je Element der All-Gathers der Eingabe, in FP8</translation>
    </message>
    <message>
        <source>bytes per element of the gradient&apos;s all-gathers, in FP8</source>
        <translation>Bytes je Element der All-Gathers des Gradienten, in FP8</translation>
    </message>
    <message>
        <source>On B200 and GB200 the runs paid 6–8 % more for MXFP8 than for per-tensor FP8 in the same or a similar layout, the model 2–6 % (its MXFP8 GEMMs run 5 % longer, as measured).</source>
        <translation>Auf B200 und GB200 kostete MXFP8 die Läufe im gleichen oder einem ähnlichen Layout 6–8 % mehr als FP8 mit Skalierung pro Tensor, das Modell 2–6 % (seine MXFP8-GEMMs laufen, wie gemessen, 5 % länger).</translation>
    </message>
    <message>
        <source>one TP all-gather of a layer&apos;s input, in FP8</source>
        <translation>ein TP-All-Gather der Eingabe einer Schicht, in FP8</translation>
    </message>
    <message>
        <source>one TP all-gather of a layer&apos;s gradient, in FP8</source>
        <translation>ein TP-All-Gather des Gradienten einer Schicht, in FP8</translation>
    </message>
    <message>
        <source>bytes of a kept gathered QKV or MLP input (FP8, as gathered)</source>
        <translation>Bytes einer gesammelt behaltenen QKV- oder MLP-Eingabe (FP8, wie gesammelt)</translation>
    </message>
    <message>
        <source>The sliding-window layers count the band they compute; Megatron-LM&apos;s count takes every layer&apos;s whole causal triangle and reports a higher MFU for such a model.</source>
        <translation>Die Sliding-Window-Layer zählen das Band, das sie berechnen; die Zählung von Megatron-LM nimmt für jeden Layer das ganze kausale Dreieck und nennt für ein solches Modell eine höhere MFU.</translation>
    </message>
    <message>
        <source>Selective recomputation as torchtitan runs it (its op-level policy): each layer keeps its input, the outputs of every second matrix product and attention&apos;s output; a MoE block also its routing and the tokens its all-to-alls received, and recomputes its experts.</source>
        <translation>Selektive Recomputation, wie torchtitan sie ausführt (seine Op-Strategie): Jeder Layer behält seine Eingabe, die Ausgaben jedes zweiten Matrixprodukts und die Ausgabe der Attention; ein MoE-Block auch sein Routing und die Token, die seine All-to-Alls empfangen haben, und berechnet seine Experten neu.</translation>
    </message>
    <message>
        <source>The optimizer keeps its moments in 16 bits (optimizerMoments), 2 bytes each beside the FP32 master weight: Adam&apos;s 8 bytes a parameter where FP32 moments take 12.</source>
        <translation>Der Optimizer hält seine Momente in 16 Bit (optimizerMoments), je 2 Byte neben dem FP32-Master-Gewicht: 8 Byte pro Parameter bei Adam, wo FP32-Momente 12 belegen.</translation>
    </message>
    <message>
        <source>Not counted: the memory of the CUDA graphs the step replays (their private memory pool and their static input and output buffers), for which no release states a size. Leave headroom for it.</source>
        <translation>Nicht gezählt: der Speicher der CUDA-Graphen, die der Schritt abspielt (ihr eigener Speicherpool und ihre statischen Ein- und Ausgabepuffer), dessen Größe kein Release angibt. Lassen Sie dafür Reserve.</translation>
    </message>
    <message>
        <source>Ψ_rank × gradient bytes per parameter × share of the rank&apos;s parameters held at once</source>
        <translation>Ψ_rank × Gradient-Bytes pro Parameter × Anteil der Parameter des Ranks, die gleichzeitig gehalten werden</translation>
    </message>
    <message>
        <source>share of the rank&apos;s parameters held at once</source>
        <translation>Anteil der Parameter des Ranks, die gleichzeitig gehalten werden</translation>
    </message>
    <message>
        <source>Without gradient sync between micro-batches (gradientSyncEveryMicroBatch off) FSDP2 keeps each stage&apos;s unsharded gradients in reduce_dtype from its first backward to its last, which reduce-scatters them. This rank runs every backward of one of its stages before the first of another, so only part of its layers&apos; gradients are held at once.</source>
        <translation>Ohne Gradienten-Synchronisation zwischen Micro-Batches (gradientSyncEveryMicroBatch aus) hält FSDP2 die vollständigen (nicht geshardeten) Gradienten jeder Stage in reduce_dtype von ihrem ersten Backward bis zu ihrem letzten, der sie per Reduce-Scatter verteilt. Dieser Rank führt jeden Backward einer seiner Stages vor dem ersten einer anderen aus, daher hält er die Gradienten nur eines Teils seiner Layer gleichzeitig.</translation>
    </message>
    <message>
        <source>of these, the GPU waiting for the host to launch eager MoE layers</source>
        <translation>davon: Warten der GPU auf den Host beim Starten der MoE-Layer ohne CUDA-Graphen</translation>
    </message>
    <message>
        <source>This design launches every kernel eagerly, as the slower runs did: each MoE layer takes at least the host time Megatron-LM&apos;s own tests measure for launching one beyond a dense layer, 6.6 ms forward and backward; the dense part&apos;s launches are not counted, so the run may take longer still.</source>
        <translation>Dieses Design startet jeden Kernel einzeln, wie die langsameren Läufe: Jeder MoE-Layer dauert mindestens die Host-Zeit, die die eigenen Tests von Megatron-LM für seinen Start über einen dichten Layer hinaus messen, 6,6 ms für Forward und Backward; die Starts des dichten Teils sind nicht gezählt, daher kann der Lauf noch länger dauern.</translation>
    </message>
    <message>
        <source>4 dispatches and combines × T·h·e × (copies over NVLink + copies over the network) × MoE layers × micro-batches</source>
        <translation>4 Dispatches und Combines × T·h·e × (Kopien über NVLink + Kopien über das Netz) × MoE-Schichten × Micro-Batches</translation>
    </message>
    <message>
        <source>GPUs of the group on a node</source>
        <translation>GPUs der Gruppe auf einem Knoten</translation>
    </message>
    <message>
        <source>copies of a token over NVLink</source>
        <translation>Kopien eines Tokens über NVLink</translation>
    </message>
    <message>
        <source>copies of a token over the network</source>
        <translation>Kopien eines Tokens über das Netz</translation>
    </message>
    <message>
        <source>EP dispatches and combines per MoE layer and micro-batch</source>
        <translation>EP-Dispatches und -Combines pro MoE-Schicht und Micro-Batch</translation>
    </message>
    <message>
        <source>one EP dispatch or combine</source>
        <translation>ein EP-Dispatch oder -Combine</translation>
    </message>
    <message>
        <source>expert groups (group-limited routing)</source>
        <translation>Expert-Gruppen (auf Gruppen begrenztes Routing)</translation>
    </message>
    <message>
        <source>groups a token&apos;s experts come from</source>
        <translation>Gruppen, aus denen die Experten eines Tokens kommen</translation>
    </message>
    <message>
        <source>Uniform routing, within the groups a token is limited to where the model has them. DeepEP and HybridEP send a token once to each GPU that holds one of its experts, and once to each other node that does, whose GPU on the same rail forwards it over NVLink; the alltoall dispatcher sends one copy for each of its k experts.</source>
        <translation>Gleichmäßiges Routing, innerhalb der Gruppen, auf die ein Token begrenzt ist, wo das Modell solche hat. DeepEP und HybridEP schicken ein Token einmal an jede GPU, die einen seiner Experten hält, und einmal an jeden anderen Knoten, der einen hält und dessen GPU auf derselben Schiene es über NVLink weiterreicht; der alltoall-Dispatcher schickt eine Kopie für jeden seiner k Experten.</translation>
    </message>
    <message>
        <source>each micro-batch in flight also holds the outputs the pipeline keeps until their backward, 2·s·b·h/t for each of the rank&apos;s stages that sends to another rank</source>
        <translation>jeder gleichzeitig gehaltene Micro-Batch hält zudem die Ausgaben, die die Pipeline bis zu ihrem Backward aufbewahrt, 2·s·b·h/t für jede Stage des Ranks, die an einen anderen Rank sendet</translation>
    </message>
    <message>
        <source>stage outputs kept per micro-batch in flight</source>
        <translation>aufbewahrte Stage-Ausgaben pro gehaltenem Micro-Batch</translation>
    </message>
    <message>
        <source>2·s·b·h/t × (micro-batches × stages sending to another rank + (micro-batches − in flight) × stages receiving from another rank)</source>
        <translation>2·s·b·h/t × (Micro-Batches × Stages, die an einen anderen Rank senden + (Micro-Batches − gehaltene) × Stages, die von einem anderen Rank empfangen)</translation>
    </message>
    <message>
        <source>pipeline receive buffers</source>
        <translation>Empfangspuffer der Pipeline</translation>
    </message>
    <message>
        <source>6·s·b·V/t (FP32 logits and their BF16 copy or gradient)</source>
        <translation>6·s·b·V/t (FP32-Logits und ihre BF16-Kopie oder ihr Gradient)</translation>
    </message>
    <message>
        <source>Those ran Megatron-LM; torchtitan&apos;s published FSDP2 runs took 0–3 % longer than modelled on A100 (eager PyTorch, Llama 3 8B and 70B) and 12–14 % longer on H200 (Llama 3.1 8B in FP8, compiled, with FlashAttention-2).</source>
        <translation>Diese liefen mit Megatron-LM; die veröffentlichten FSDP2-Läufe von torchtitan dauerten auf A100 0–3 % länger als modelliert (PyTorch eager, Llama 3 8B und 70B) und auf H200 12–14 % länger (Llama 3.1 8B in FP8, kompiliert, mit FlashAttention-2).</translation>
    </message>
    <message>
        <source>Between torchtitan&apos;s published layouts on H100 the model&apos;s ratio was within 4 % for interleaved 1F1B against 1F1B (Llama 3.1 405B, 512 GPUs) and within 3 % for 128 against 8 GPUs (Llama 3.1 8B); asynchronous TP ran 1.06–1.16 times as fast as vanilla TP there, the model 1.14–1.22 times, and float8 1.16–1.45 times as fast as BF16 at TP 8, the model 1.10–1.35 times; doubling the sequence with CP (32K to 256K) cost the runs 35–58 % of their throughput a GPU on 8 GPUs (Llama 3.1 8B) and 34–48 % on 512 (Llama 3.1 405B), the model 38–46 % and 26–41 %.</source>
        <translation>Zwischen den veröffentlichten Layouts von torchtitan auf H100 lag das Verhältnis des Modells für Interleaved 1F1B gegenüber 1F1B innerhalb von 4 % (Llama 3.1 405B, 512 GPUs) und für 128 gegenüber 8 GPUs innerhalb von 3 % (Llama 3.1 8B); asynchrones TP lief dort 1,06- bis 1,16-mal so schnell wie einfaches TP, im Modell 1,14- bis 1,22-mal, und float8 bei TP 8 1,16- bis 1,45-mal so schnell wie BF16, im Modell 1,10- bis 1,35-mal; die Sequenz mit CP zu verdoppeln (32K bis 256K) kostete die Läufe 35–58 % ihres Durchsatzes je GPU auf 8 GPUs (Llama 3.1 8B) und 34–48 % auf 512 (Llama 3.1 405B), das Modell 38–46 % und 26–41 %.</translation>
    </message>
    <message>
        <source>On 8 B200 (Llama 3 8B, compiled) torchao&apos;s tensorwise float8 ran 1.25 times and its MXFP8 1.20 times as fast as BF16, the model 1.34 and 1.25 times.</source>
        <translation>Auf 8 B200 (Llama 3 8B, kompiliert) lief torchaos Float8 mit Tensor-Skalierung 1,25-mal und sein MXFP8 1,20-mal so schnell wie BF16, im Modell 1,34- und 1,25-mal.</translation>
    </message>
    <message>
        <source>received inputs kept per micro-batch in flight</source>
        <translation>aufbewahrte empfangene Eingaben pro gehaltenem Micro-Batch</translation>
    </message>
    <message>
        <source>2·s·b·V/t (the previous micro-batch&apos;s logits, not yet overwritten)</source>
        <translation>2·s·b·V/t (die Logits des vorigen Micro-Batches, noch nicht überschrieben)</translation>
    </message>
    <message>
        <source>the previous micro-batch&apos;s logits the pipeline keeps</source>
        <translation>die Logits des vorigen Micro-Batches, die die Pipeline behält</translation>
    </message>
    <message>
        <source>2·s·b·h/t (one pipeline receive buffer)</source>
        <translation>2·s·b·h/t (ein Empfangspuffer der Pipeline)</translation>
    </message>
    <message>
        <source>pipeline receive buffer</source>
        <translation>Empfangspuffer der Pipeline (einer)</translation>
    </message>
    <message>
        <source>each micro-batch in flight also holds the inputs the pipeline received, 2·s·b·h for each of the rank&apos;s stages fed from another rank, beside the copies the stages run on</source>
        <translation>jeder gehaltene Micro-Batch hält außerdem die Eingaben, die die Pipeline empfangen hat, 2·s·b·h für jede Stage des Ranks, die von einem anderen Rank gespeist wird, neben den Kopien, auf denen die Stages rechnen</translation>
    </message>
    <message>
        <source>GPT-OSS 120B took 1.4 to 1.9 times the modelled step in every published run without the fused grouped MLP, on H100, B200, B300, GB200 and GB300, with BF16 or MXFP8 GEMMs, eager or with CUDA graphs of attention and router; with it, FP8 attention, a CUDA graph of the whole iteration and its experts padded to 1.5 times the mean tokens, 1 % (GB200) to 12 % (GB300) less. The runs&apos; ratios between GPUs in BF16 (GB200 1.23 times B200, B200 2.33 times H100) were within 4 and 10 % of the modelled ones.</source>
        <translation>GPT-OSS 120B brauchte in jedem veröffentlichten Lauf ohne das fusionierte gruppierte MLP das 1,4- bis 1,9-Fache des modellierten Schritts, auf H100, B200, B300, GB200 und GB300, mit BF16- oder MXFP8-GEMMs, im Eager-Modus oder mit CUDA Graphs von Attention und Router; mit ihm, FP8-Attention, einem CUDA Graph der ganzen Iteration und auf das 1,5-Fache der mittleren Tokens aufgefüllten Experten 1 % (GB200) bis 12 % (GB300) weniger. Die Verhältnisse der Läufe zwischen GPUs in BF16 (GB200 1,23-mal B200, B200 2,33-mal H100) lagen innerhalb von 4 und 10 % der modellierten.</translation>
    </message>
    <message>
        <source>Published runs took within 9 % of the modelled step on A100 (Megatron-LM 2021–2022); on H100, B200 and GB200 in FP8 (NeMo and Megatron-Bridge 2025–2026) from 9 % less to 8 % more, NeMo 25.02&apos;s on B200 from 2 % less to 27 % more; Megatron-LM&apos;s own scaling runs in BF16 on H100 (2024) 7–26 % more (docs/kernel-model.md).</source>
        <translation>Veröffentlichte Läufe lagen auf A100 innerhalb von 9 % des modellierten Schritts (Megatron-LM 2021–2022); auf H100, B200 und GB200 in FP8 (NeMo und Megatron-Bridge 2025–2026) zwischen 9 % kürzer und 8 % länger, die von NeMo 25.02 auf B200 zwischen 2 % kürzer und 27 % länger; Megatron-LMs eigene Skalierungsläufe in BF16 auf H100 (2024) 7–26 % länger (docs/kernel-model.md).</translation>
    </message>
    <message>
        <source>On B200 and GB200, MoE runs with Megatron-Core&apos;s alltoall dispatcher and no CUDA graphs took 1.35 to 1.5 times the modelled step, those with CUDA graphs (HybridEP, or experts padded to a capacity) from 3 % less to 12 % more; on H100 eager runs took 19 % longer with the alltoall dispatcher, 25 % with DeepEP (DeepSeek-V3 on 1,024 GPUs) and 40 % with HybridEP, whose MoE layers the model has waiting 6.6 ms for the host where the run&apos;s took about 9.5 ms.</source>
        <translation>Auf B200 und GB200 dauerten MoE-Läufe mit dem alltoall-Dispatcher von Megatron-Core ohne CUDA Graphs das 1,35- bis 1,5-Fache des modellierten Schritts, solche mit CUDA Graphs (HybridEP oder auf eine Kapazität aufgefüllte Experten) zwischen 3 % kürzer und 12 % länger; auf H100 dauerten Läufe im Eager-Modus mit dem alltoall-Dispatcher 19 % länger, mit DeepEP 25 % (DeepSeek-V3 auf 1.024 GPUs) und mit HybridEP 40 %, dessen MoE-Schichten im Modell 6,6 ms auf den Host warten, wo die des Laufs etwa 9,5 ms brauchten.</translation>
    </message>
    <message>
        <source>This design replays CUDA graphs: the runs (but GPT-OSS 120B&apos;s, below) from 3 % faster to 12 % slower graphed attention or the whole iteration with HybridEP, or whole layers with the experts padded to a capacity (Mixtral 8x7B on GB200), where one that graphed only the router and its preprocessing, with the alltoall dispatcher, took 3.0 times the step modelled without host time, as the model prices a graphed design&apos;s.</source>
        <translation>Dieses Design spielt CUDA Graphs ab: die Läufe (außer denen von GPT-OSS 120B, siehe unten) zwischen 3 % schneller und 12 % langsamer erfassten Attention oder die ganze Iteration mit HybridEP in Graphen oder ganze Schichten mit auf eine Kapazität aufgefüllten Experten (Mixtral 8x7B auf GB200), während einer, der nur den Router und seine Vorverarbeitung erfasste, mit dem alltoall-Dispatcher das 3,0-Fache des ohne Host-Zeit modellierten Schritts brauchte, wie das Modell ein Design mit Graphen bepreist.</translation>
    </message>
    <message>
        <source>Between two layouts of one model on the same GPUs under Megatron-Core, the runs&apos; ratio was within 5 % of the modelled one in the published pairs (18 % where MoE layers were launched eagerly), none of which changed the context length or CP, so a difference between layouts holds better than either step time; the Performance tab&apos;s candidates say whether the model decides between two.</source>
        <translation>Zwischen zwei Layouts eines Modells auf denselben GPUs unter Megatron-Core lag das Verhältnis der Läufe in den veröffentlichten Paaren innerhalb von 5 % des modellierten (18 %, wo MoE-Layer eager gestartet wurden), und keines änderte die Kontextlänge oder CP; ein Unterschied zwischen Layouts ist also belastbarer als jede einzelne Schrittzeit. Die Kandidaten im Tab Leistung sagen, ob das Modell zwischen zweien entscheidet.</translation>
    </message>
</context>
<context>
    <name>FieldText</name>
    <message>
        <source>Layers</source>
        <translation>Layer</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>Hidden-Dimension</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN-Größe</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Attention-Heads</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV-Heads</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>Head-Dimension</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>Vokabular</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>Experts</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>Experts pro Token</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>Expert-FFN-Größe</translation>
    </message>
    <message>
        <source>Between nodes</source>
        <translation>Zwischen Nodes</translation>
    </message>
    <message>
        <source>Network cards per node</source>
        <translation>NICs pro Node</translation>
    </message>
    <message>
        <source>Fabric oversubscription</source>
        <translation>Fabric-Überbuchung</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Mesh order</source>
        <translation>Mesh-Reihenfolge</translation>
    </message>
    <message>
        <source>EP convention</source>
        <translation>EP-Konvention</translation>
    </message>
    <message>
        <source>Expert TP</source>
        <translation>Expert-TP</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>Sequence Parallelism</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO-Stufe</translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation>HSDP-Shard-Gruppe</translation>
    </message>
    <message>
        <source>Reshard after forward</source>
        <translation>Resharding nach Forward</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>Globaler Batch</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-Batch</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>Pipeline-Schedule</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>Virtuelle Stages</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>Recomputation</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Precision</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>Auslagern</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>Gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>KV-Cache-Typ</translation>
    </message>
    <message>
        <source>Tensor parallelism: splits every layer&apos;s weight matrices across this many GPUs. Keep it inside a node.</source>
        <translation>Tensor Parallelism: teilt die Weight-Matrizen jedes Layers auf so viele GPUs auf. Halten Sie sie innerhalb eines Nodes.</translation>
    </message>
    <message>
        <source>Pipeline parallelism: splits the layers into this many stages.</source>
        <translation>Pipeline Parallelism: teilt die Layer in so viele Stages auf.</translation>
    </message>
    <message>
        <source>Data parallelism: replicas that each process their own micro-batches.</source>
        <translation>Data Parallelism: Replicas, die jeweils ihre eigenen Micro-Batches verarbeiten.</translation>
    </message>
    <message>
        <source>Context parallelism: splits each sequence across this many GPUs.</source>
        <translation>Context Parallelism: teilt jede Sequenz auf so viele GPUs auf.</translation>
    </message>
    <message>
        <source>Expert parallelism: spreads the experts of each MoE layer across this many GPUs.</source>
        <translation>Expert Parallelism: verteilt die Experts jedes MoE-Layers auf so viele GPUs.</translation>
    </message>
    <message>
        <source>Which dimension varies fastest across ranks (Megatron&apos;s order string). TP first keeps TP groups on neighbouring GPUs.</source>
        <translation>Welche Dimension sich über die Ranks am schnellsten ändert (Order-String von Megatron). TP an erster Stelle hält die TP-Gruppen auf benachbarten GPUs.</translation>
    </message>
    <message>
        <source>Tensor parallelism inside the experts (Megatron&apos;s convention); 0 means the same as TP.</source>
        <translation>Tensor Parallelism innerhalb der Experts (Megatron-Konvention); 0 bedeutet: wie TP.</translation>
    </message>
    <message>
        <source>ZeRO shards model states across the data-parallel ranks: 1 the optimizer, 2 also gradients, 3 also parameters (FSDP).</source>
        <translation>ZeRO shardet den Model State über die Data-Parallel-Ranks: 1 den Optimizer State, 2 zusätzlich die Gradients, 3 zusätzlich die Parameter (FSDP).</translation>
    </message>
    <message>
        <source>Hybrid sharding (HSDP): shard inside groups of this many DP ranks and replicate across them; 0 shards across all of DP.</source>
        <translation>Hybrid Sharding (HSDP): shardet innerhalb von Gruppen aus so vielen DP-Ranks und repliziert über die Gruppen hinweg; 0 shardet über die gesamte DP-Dimension.</translation>
    </message>
    <message>
        <source>FSDP2: free the gathered parameters after forward and gather them again in backward. Off behaves like ZeRO-2.</source>
        <translation>FSDP2: gibt die per All-Gather zusammengeführten Parameter nach dem Forward-Pass frei und führt sie im Backward-Pass erneut zusammen. Ausgeschaltet verhält es sich wie ZeRO-2.</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: splits the activations of norms and dropout along the sequence inside the TP group.</source>
        <translation>Sequence Parallelism von Megatron: teilt die Activations der Norm- und Dropout-Bereiche entlang der Sequenz innerhalb der TP-Gruppe auf.</translation>
    </message>
    <message>
        <source>Sequences per micro-batch on each pipeline.</source>
        <translation>Sequenzen pro Micro-Batch in jeder Pipeline.</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, across all data-parallel replicas.</source>
        <translation>Sequenzen pro Optimizer-Schritt über alle Data-Parallel-Replicas hinweg.</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (interleaved schedule).</source>
        <translation>Model-Chunks pro Pipeline-Rank (Interleaved-Schedule).</translation>
    </message>
    <message>
        <source>Layers per stage</source>
        <translation>Layer pro Stage</translation>
    </message>
    <message>
        <source>Layers of each pipeline stage in order, e.g. &quot;19, 20, 20, 21&quot; (PP × virtual stages numbers adding up to the layers). Empty: an even split.</source>
        <translation>Layer jeder Pipeline-Stage der Reihe nach, z. B. „19, 20, 20, 21“ (PP × virtuelle Stages Zahlen, die zusammen die Layer ergeben). Leer: gleichmäßige Aufteilung.</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP-Überlappung</translation>
    </message>
    <message>
        <source>Megatron-LM --tp-comm-overlap: the TP all-gathers and reduce-scatters run under the GEMMs next to them (TransformerEngine userbuffers). Needs sequence parallelism.</source>
        <translation>Megatron-LM --tp-comm-overlap: Die TP-All-Gathers und -Reduce-Scatters laufen unter den benachbarten GEMMs (TransformerEngine-Userbuffers). Braucht Sequenzparallelität.</translation>
    </message>
    <message>
        <source>Whether EP multiplies the world size (the reference article&apos;s rule) or regroups the DP × CP ranks for the MoE layers (Megatron-Core).</source>
        <translation>Ob EP die World Size vervielfacht (Regel des Quellartikels) oder die Ranks von DP × CP für die MoE-Layer neu gruppiert (Megatron-Core).</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>Framework</translation>
    </message>
    <message>
        <source>Vocabulary multiple</source>
        <translation>Vokabular-Vielfaches</translation>
    </message>
    <message>
        <source>The software that runs the layout: what it keeps in memory, what it can offload and which layouts it refuses. Auto: Megatron-Core with TP, PP, CP or EP; DeepSpeed for ZeRO-1/2; PyTorch DDP/FSDP2 otherwise; vLLM for serving.</source>
        <translation>Die Software, die das Layout ausführt: was sie im Speicher hält, was sie auslagern kann und welche Layouts sie ablehnt. Auto: Megatron-Core mit TP, PP, CP oder EP; DeepSpeed für ZeRO-1/2; sonst PyTorch DDP/FSDP2; vLLM für Serving.</translation>
    </message>
    <message>
        <source>Megatron-LM --make-vocab-size-divisible-by: the output layer is padded to a multiple of this × TP. 0: the framework&apos;s default.</source>
        <translation>Megatron-LM --make-vocab-size-divisible-by: die Ausgabeschicht wird auf ein Vielfaches dieses Werts × TP aufgefüllt. 0: die Vorgabe des Frameworks.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Auto DP</source>
        <translation>Auto-DP</translation>
    </message>
    <message>
        <source>The design&apos;s name: the title of exported launch files, reports and figures.</source>
        <translation>Der Name des Designs: der Titel exportierter Startdateien, Berichte und Abbildungen.</translation>
    </message>
    <message>
        <source>DP takes the GPUs the other degrees leave: changing TP, PP, CP, EP or the cluster sets DP again. Off keeps DP as you set it.</source>
        <translation>DP nimmt die GPUs, die die anderen Grade übrig lassen: Eine Änderung von TP, PP, CP, EP oder des Clusters setzt DP neu. Aus: DP bleibt, wie Sie es gesetzt haben.</translation>
    </message>
    <message>
        <source>Overlap gradient reduction</source>
        <translation>Reduktion überlappen</translation>
    </message>
    <message>
        <source>Overlap parameter all-gather</source>
        <translation>Gather überlappen</translation>
    </message>
    <message>
        <source>Gradient sync every micro-batch</source>
        <translation>Sync je Micro-Batch</translation>
    </message>
    <message>
        <source>Overlap expert all-to-all</source>
        <translation>All-to-All überlappen</translation>
    </message>
    <message>
        <source>Megatron-LM --overlap-grad-reduce, DeepSpeed overlap_comm: the gradient reduction runs under the backward. DDP and FSDP2 always overlap it; off shows the step without.</source>
        <translation>Megatron-LM --overlap-grad-reduce, DeepSpeed overlap_comm: Die Gradientenreduktion läuft während des Backward-Passes. DDP und FSDP2 überlappen sie immer; aus zeigt den Schritt ohne Überlappung.</translation>
    </message>
    <message>
        <source>Megatron-LM --overlap-param-gather: the distributed optimizer&apos;s all-gather of the updated parameters runs under the next step&apos;s first forward instead of after the optimizer step.</source>
        <translation>Megatron-LM --overlap-param-gather: Das All-Gather der aktualisierten Parameter des verteilten Optimierers läuft während des ersten Forward-Passes des nächsten Schritts statt nach dem Optimiererschritt.</translation>
    </message>
    <message>
        <source>FSDP2: reduce-scatter the gradients after every micro-batch (PyTorch&apos;s default). Off: set_requires_gradient_sync(False) until the last one; without resharding after forward the parameters are also gathered once per step.</source>
        <translation>FSDP2: Die Gradienten nach jedem Micro-Batch per Reduce-Scatter verteilen (PyTorchs Voreinstellung). Aus: set_requires_gradient_sync(False) bis zum letzten; ohne Resharding nach dem Forward-Pass werden auch die Parameter nur einmal pro Schritt gesammelt.</translation>
    </message>
    <message>
        <source>Megatron-Core --overlap-moe-expert-parallel-comm: the expert all-to-all runs under the dense computation of the layer, up to that computation&apos;s time.</source>
        <translation>Megatron-Core --overlap-moe-expert-parallel-comm: Das All-to-All der Experten läuft während der dichten Berechnung der Schicht, bis zu deren Dauer.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>set (default: %1)</source>
        <translation>gesetzt (Standard: %1)</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>Sliding window (tokens)</source>
        <translation>Sliding Window (Tokens)</translation>
    </message>
    <message>
        <source>Window pattern period (layers)</source>
        <translation>Fensterperiode (Layer)</translation>
    </message>
    <message>
        <source>Sliding layers per period</source>
        <translation>Sliding-Layer je Periode</translation>
    </message>
    <message>
        <source>Host RAM per node</source>
        <translation>Host-RAM pro Node</translation>
    </message>
    <message>
        <source>set in the design</source>
        <translation>im Design gesetzt</translation>
    </message>
    <message>
        <source>the default of %1</source>
        <translation>Standard von %1</translation>
    </message>
    <message>
        <source>%1 is %2 (%3)</source>
        <translation>%1 ist %2 (%3)</translation>
    </message>
    <message>
        <source>Asynchronous checkpoint</source>
        <translation>Asynchroner Checkpoint</translation>
    </message>
    <message>
        <source>Megatron-LM --async-save, torchtitan&apos;s async_mode &quot;async&quot;: each rank copies its share of the parameters and optimizer states to host memory and writes the checkpoint from there while training goes on. The host memory it needs is in the Memory tab.</source>
        <translation>Megatron-LM --async-save, torchtitans async_mode &quot;async&quot;: Jeder Rank kopiert seinen Anteil an Parametern und Optimiererzuständen in den Hauptspeicher und schreibt den Checkpoint von dort, während das Training weiterläuft. Den Hauptspeicher, den das braucht, zeigt der Tab Speicher.</translation>
    </message>
    <message>
        <source>Reduce gradients in FP32</source>
        <translation>Reduktion in FP32</translation>
    </message>
    <message>
        <source>Megatron-Core grad_reduce_in_fp32, FSDP2&apos;s reduce_dtype, DeepSpeed&apos;s communication_data_type: the gradients are reduced across data-parallel ranks in FP32 (4 bytes each) rather than in 16 bits. In Megatron-Core it is also the dtype of the gradient buffer; off, the optimizer keeps an FP32 copy of its gradient shard.</source>
        <translation>Megatron-Core grad_reduce_in_fp32, FSDP2s reduce_dtype, DeepSpeeds communication_data_type: Die Gradienten werden über die Data-Parallel-Ranks in FP32 (4 Bytes je Element) statt in 16 Bit reduziert. In Megatron-Core ist das auch der Datentyp des Gradientenpuffers; aus, hält der Optimierer eine FP32-Kopie seines Gradienten-Shards.</translation>
    </message>
    <message>
        <source>FP8 recipe</source>
        <translation>FP8-Rezept</translation>
    </message>
    <message>
        <source>Fused cross-entropy</source>
        <translation>Fusionierte Kreuzentropie</translation>
    </message>
    <message>
        <source>Megatron-LM --cross-entropy-loss-fusion with the te implementation: the loss over the vocabulary runs as Transformer Engine&apos;s fused kernel, about 6 bytes per logit, instead of in FP32 over the whole logits (about 52 bytes per logit).</source>
        <translation>Megatron-LM --cross-entropy-loss-fusion mit der Implementierung te: Der Loss über das Vokabular läuft als fusionierter Kernel von Transformer Engine, etwa 6 Byte pro Logit, statt in FP32 über alle Logits (etwa 52 Byte pro Logit).</translation>
    </message>
    <message>
        <source>Recomputed layers</source>
        <translation>Neu berechnete Layer</translation>
    </message>
    <message>
        <source>Full recomputation of only the first layers of each model chunk; the others keep their activations, trading memory for less recomputed forward (Megatron-LM --recompute-method block --recompute-num-layers). 0: every layer.</source>
        <translation>Volle Recomputation nur der ersten Layer jedes Modell-Chunks; die übrigen behalten ihre Activations: mehr Speicher für weniger neu berechneten Forward (Megatron-LM --recompute-method block --recompute-num-layers). 0: jeder Layer.</translation>
    </message>
    <message>
        <source>Offloaded activations (layers)</source>
        <translation>Ausgelagerte Layer</translation>
    </message>
    <message>
        <source>The activations of the first layers wait in host memory between their forward and backward, copied over the GPU&apos;s host link under the neighbouring layers&apos; compute (Megatron-Core --cpu-offloading --cpu-offloading-num-layers). Needs PP 1 and no recomputation. 0: none.</source>
        <translation>Die Activations der ersten Layer warten zwischen Forward und Backward im Hauptspeicher, kopiert über die Host-Anbindung der GPU, während die benachbarten Layer rechnen (Megatron-Core --cpu-offloading --cpu-offloading-num-layers). Braucht PP 1 und keine Recomputation. 0: keine.</translation>
    </message>
    <message>
        <source>Multi-token prediction depths</source>
        <translation>Multi-Token-Prediction-Tiefen</translation>
    </message>
    <message>
        <source>Recomputed modules</source>
        <translation>Neu berechnete Module</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>torchtitan --compile.enable: torch.compile fuses each layer&apos;s eager elementwise steps (RMSNorm and rotary embeddings through FP32, SwiGLU&apos;s two steps) into generated kernels, so the step no longer pays what the eager kernels move beyond fused ones.</source>
        <translation>torchtitan --compile.enable: torch.compile fusioniert die elementweisen Eager-Schritte jedes Layers (RMSNorm und Rotary Embeddings über FP32, die zwei Schritte von SwiGLU) zu generierten Kernels, sodass der Schritt nicht mehr bezahlt, was die Eager-Kernels über fusionierte hinaus bewegen.</translation>
    </message>
    <message>
        <source>What selective recomputation recomputes in each layer&apos;s backward instead of keeping, as Megatron-Core names it (--recompute-modules): core_attn, mla_up_proj, layernorm, mlp (dense layers), moe_act, moe, shared_experts, separated by commas. Empty: the framework&apos;s own, core_attn for Megatron-Core, torchtitan&apos;s op-level policy for FSDP2 (every second matrix product and the elementwise steps).</source>
        <translation>Was die selektive Recomputation im Backward jedes Layers neu berechnet, statt es zu behalten, mit den Namen von Megatron-Core (--recompute-modules): core_attn, mla_up_proj, layernorm, mlp (dichte Layer), moe_act, moe, shared_experts, durch Kommas getrennt. Leer: die des Frameworks, core_attn bei Megatron-Core, die Op-Strategie von torchtitan bei FSDP2 (jedes zweite Matrixprodukt und die elementweisen Schritte).</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>Attention-Kernel</translation>
    </message>
    <message>
        <source>FP8 weight all-gather</source>
        <translation>FP8-All-Gather der Gewichte</translation>
    </message>
    <message>
        <source>Megatron-LM --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather: under FP8 the sharded weights are all-gathered as one byte each instead of two. Megatron-Core then keeps the FP8 weights as the parameters; torchao casts each shard before the gather instead of casting the whole weight in every forward and backward. MXFP8 weights are gathered in BF16 with torchao.</source>
        <translation>Megatron-LM --fp8-param-gather, torchtitan enable_fsdp_float8_all_gather: unter FP8 werden die geshardeten Gewichte mit einem Byte statt zwei eingesammelt (All-Gather). Megatron-Core hält die FP8-Gewichte dann als Parameter; torchao castet jeden Shard vor dem All-Gather, statt das ganze Gewicht in jedem Vorwärts- und Rückwärtsdurchlauf zu casten. MXFP8-Gewichte sammelt torchao in BF16 ein.</translation>
    </message>
    <message>
        <source>Optimizer moments</source>
        <translation>Optimizer-Momente</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA-Graphen</translation>
    </message>
    <message>
        <source>Token dispatcher</source>
        <translation>Token-Dispatcher</translation>
    </message>
    <message>
        <source>Which kernels the host launches from captured CUDA graphs, as Megatron-Core captures them: per layer (--cuda-graph-impl transformer_engine: a dense layer whole, a dropless MoE layer&apos;s attention, router and preprocessing) or the forward and backward of the whole iteration (full_iteration, with a MoE layer&apos;s experts padded to static shapes). Without graphs each MoE layer takes at least the host&apos;s time to launch it; published MoE runs without graphs took longer still (the step&apos;s explanation says how much).</source>
        <translation>Welche Kernel der Host aus aufgezeichneten CUDA-Graphen startet, wie Megatron-Core sie aufzeichnet: pro Schicht (--cuda-graph-impl transformer_engine: eine dichte Schicht ganz, von einer MoE-Schicht ohne Token-Verwurf Attention, Router und Vorverarbeitung) oder Vorwärts- und Rückwärtsdurchlauf der ganzen Iteration (full_iteration, mit auf statische Formen aufgefüllten Experten einer MoE-Schicht). Ohne Graphen braucht jede MoE-Schicht mindestens die Zeit, die der Host zu ihrem Start braucht; veröffentlichte MoE-Läufe ohne Graphen brauchten noch länger (die Erklärung des Schritts sagt, wie viel).</translation>
    </message>
    <message>
        <source>How Megatron-Core sends a MoE layer&apos;s tokens to their experts and back: alltoall sends one copy of a token for each of its top-k experts; DeepEP and HybridEP (--moe-token-dispatcher-type flex) send it once to each GPU, and across nodes once to each node, that holds one of its experts, forwarded over NVLink on arrival. DeepEP reaches at most 8 GPUs of a node; HybridEP also a larger NVLink domain.</source>
        <translation>Wie Megatron-Core die Tokens einer MoE-Schicht zu ihren Experten und zurück schickt: alltoall schickt eine Kopie eines Tokens für jeden seiner Top-k-Experten; DeepEP und HybridEP (--moe-token-dispatcher-type flex) schicken es einmal an jede GPU und über Knoten hinweg einmal an jeden Knoten, die einen seiner Experten halten, dort über NVLink weitergereicht. DeepEP erreicht höchstens 8 GPUs eines Knotens; HybridEP auch eine größere NVLink-Domäne.</translation>
    </message>
    <message>
        <source>Expert groups</source>
        <translation>Expert-Gruppen</translation>
    </message>
    <message>
        <source>Groups per token</source>
        <translation>Gruppen pro Token</translation>
    </message>
    <message>
        <source>Group-limited routing: the experts in this many equal groups, a token&apos;s experts drawn from the groups its router scores highest, so DeepEP and HybridEP send it to fewer nodes (DeepSeek-V3: 4 of 8 groups, at most 4 nodes). 0 groups: routed over all experts.</source>
        <translation>Auf Gruppen begrenztes Routing: die Experten in so vielen gleich großen Gruppen, die Experten eines Tokens aus den Gruppen, die sein Router am höchsten bewertet, sodass DeepEP und HybridEP ihn an weniger Nodes senden (DeepSeek-V3: 4 von 8 Gruppen, höchstens 4 Nodes). 0 Gruppen: über alle Experten geroutet.</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>%1: figures are written as .png, .svg or .pdf.</source>
        <translation>%1: Abbildungen werden als .png, .svg oder .pdf geschrieben.</translation>
    </message>
    <message>
        <source>The view has no size yet; show it first.</source>
        <translation>Die Ansicht hat noch keine Größe; zeigen Sie sie zuerst an.</translation>
    </message>
</context>
<context>
    <name>Memory</name>
    <message>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradients</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimizer States</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Activations</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Workspace</translation>
    </message>
    <message>
        <source>Temporary buffers</source>
        <translation>Temporäre Buffer</translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation>Kommunikations-Buffer</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>Allocator-Reserve</translation>
    </message>
</context>
<context>
    <name>PinDesign</name>
    <message>
        <source>%1 is not a design Meshwright can read</source>
        <translation>%1 ist kein Design, das Meshwright lesen kann</translation>
    </message>
    <message>
        <source>%1: no such file and no example of that name</source>
        <translation>%1: keine solche Datei und kein Beispiel dieses Namens</translation>
    </message>
</context>
<context>
    <name>Recipes</name>
    <message>
        <source>PP %1 (interleaved, %3 chunks per rank) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (verschachtelt, %3 Chunks pro Rank) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>PP %1 (ZB-H1: weight gradients fill the bubble, 1F1B&apos;s memory) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (ZB-H1: Gewichtsgradienten füllen die Bubble, Speicher wie 1F1B) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>PP %1 (ZB-V: two chunks per rank in a V, weight gradients fill the bubble) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (ZB-V: zwei Chunks pro Rank in V-Form, Gewichtsgradienten füllen die Bubble) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>PP %1 (DualPipeV: two chunks per rank in a V, one micro-batch&apos;s forward overlapped with another&apos;s backward) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (DualPipeV: zwei Chunks pro Rank in V-Form, der Forward eines Micro-Batches überlappt den Backward eines anderen) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>PP %1 (DualPipe: micro-batches enter from both ends, every stage held twice and its gradients summed across the pair) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (DualPipe: Micro-Batches treten an beiden Enden ein, jede Stage liegt doppelt vor und ihre Gradienten werden über das Paar summiert) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>PP %1 (GPipe) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (GPipe) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>PP %1 (1F1B) sends only activations between stages, so it may cross %2.</source>
        <translation>PP %1 (1F1B) sendet nur Aktivierungen zwischen den Stages und darf daher über %2 laufen.</translation>
    </message>
    <message>
        <source>TP %1 inside one node over %2 (the fastest domain).</source>
        <translation>TP %1 innerhalb eines Nodes über %2 (die schnellste Domäne).</translation>
    </message>
    <message>
        <source>TP %1 spans nodes: its all-reduces cross %2.</source>
        <translation>TP %1 reicht über mehrere Nodes: seine All-Reduces laufen über %2.</translation>
    </message>
    <message>
        <source>CP %1 splits the %2-token sequence.</source>
        <translation>CP %1 teilt die Sequenz von %2 Tokens.</translation>
    </message>
    <message>
        <source>EP %1 spreads the %2 experts.</source>
        <translation>EP %1 verteilt die %2 Experten.</translation>
    </message>
    <message>
        <source>%1 independent replicas serve their own requests: throughput adds up, latency stays.</source>
        <translation>%1 unabhängige Replikate bedienen ihre eigenen Anfragen: Der Durchsatz addiert sich, die Latenz bleibt.</translation>
    </message>
    <message>
        <source>DP %1 replicates the model (DDP).</source>
        <translation>DP %1 repliziert das Modell (DDP).</translation>
    </message>
    <message>
        <source>DP %1 with ZeRO-1 shards the optimizer.</source>
        <translation>DP %1 mit ZeRO-1 shardet den Optimizer.</translation>
    </message>
    <message>
        <source>DP %1 with ZeRO-2 shards optimizer and gradients.</source>
        <translation>DP %1 mit ZeRO-2 shardet Optimizer und Gradienten.</translation>
    </message>
    <message>
        <source>DP %1 with FSDP (ZeRO-3) shards all model states.</source>
        <translation>DP %1 mit FSDP (ZeRO-3) shardet alle Modellzustände.</translation>
    </message>
    <message>
        <source>PP %1 holds a larger model, but a token passes its stages in turn: it adds latency, not speed.</source>
        <translation>PP %1 fasst ein größeres Modell, aber ein Token durchläuft seine Stages nacheinander: Das kostet Latenz und bringt keine Geschwindigkeit.</translation>
    </message>
    <message>
        <source>Full recomputation to fit the activations.</source>
        <translation>Volle Recomputation, damit die Aktivierungen passen.</translation>
    </message>
    <message>
        <source>Selective recomputation of attention.</source>
        <translation>Selektive Recomputation der Attention.</translation>
    </message>
    <message>
        <source>FP8 GEMMs on the FP8 tensor cores.</source>
        <translation>FP8-GEMMs auf den FP8-Tensor-Cores.</translation>
    </message>
    <message>
        <source>The optimizer states in host memory, stepped by the CPU.</source>
        <translation>Die Optimizer-Zustände im Host-Speicher, von der CPU aktualisiert.</translation>
    </message>
    <message>
        <source>Parameters and optimizer states in host memory, fetched for every micro-batch.</source>
        <translation>Parameter und Optimizer-Zustände im Host-Speicher, für jeden Micro-Batch geholt.</translation>
    </message>
    <message>
        <source>One GPU holds the whole model.</source>
        <translation>Eine GPU hält das ganze Modell.</translation>
    </message>
    <message>
        <source>Selective recomputation of %1.</source>
        <translation>Selektive Recomputation von %1.</translation>
    </message>
    <message>
        <source>Selective recomputation as torchtitan runs it: every second matrix product and the elementwise steps.</source>
        <translation>Selektive Recomputation, wie torchtitan sie ausführt: jedes zweite Matrixprodukt und die elementweisen Schritte.</translation>
    </message>
    <message>
        <source>The expert all-to-all runs exposed here: Megatron-Core overlaps it only with virtual stages under PP and without full recomputation.</source>
        <translation>Das All-to-All der Experten läuft hier offen: Megatron-Core überlappt es nur mit virtuellen Stufen unter PP und ohne volle Recomputation.</translation>
    </message>
    <message>
        <source>Every kernel launched without the design&apos;s CUDA graphs here: its framework does not run them with this recomputation or offloading.</source>
        <translation>Hier wird jeder Kernel ohne die CUDA-Graphen des Designs gestartet: Sein Framework führt sie mit dieser Recomputation oder Auslagerung nicht aus.</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>, sequence parallel</source>
        <translation>, Sequence Parallelism</translation>
    </message>
    <message>
        <source>, TP overlap</source>
        <translation>, TP-Überlappung</translation>
    </message>
    <message>
        <source>, schedule %1</source>
        <translation>, Schedule %1</translation>
    </message>
    <message numerus="yes">
        <source> × %n virtual stage(s)</source>
        <translation>
            <numerusform> × %n virtuelle Stage</numerusform>
            <numerusform> × %n virtuelle Stages</numerusform>
        </translation>
    </message>
    <message>
        <source>, micro-batch %1</source>
        <translation>, Micro-Batch %1</translation>
    </message>
    <message>
        <source> (auto)</source>
        <translation> (automatisch)</translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation>%1 an</translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation>%1 aus</translation>
    </message>
    <message>
        <source> (set)</source>
        <translation> (gesetzt)</translation>
    </message>
    <message>
        <source>training, sequence %1, global batch %2 (%3 micro-batches per pipeline), %4, %5</source>
        <translation>Training, Sequenz %1, globaler Batch %2 (%3 Micro-Batches je Pipeline), %4, %5</translation>
    </message>
    <message>
        <source>serving, %1 of %2 tokens per replica, KV cache %3</source>
        <translation>Serving, %1 zu %2 Tokens je Replikat, KV-Cache %3</translation>
    </message>
    <message numerus="yes">
        <source>%n sequence(s)</source>
        <translation>
            <numerusform>%n Sequenz</numerusform>
            <numerusform>%n Sequenzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Design summary</source>
        <translation>Zusammenfassung des Designs</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 Parameter</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>, davon %1 aktiv je Token</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>%1, %2 (%3 in service)</source>
        <translation>%1, %2 (%3 in Betrieb)</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n Node</numerusform>
            <numerusform>%n Nodes</numerusform>
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
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Layout</translation>
    </message>
    <message>
        <source>world size %1 = %2; order %3</source>
        <translation>World Size %1 = %2; Reihenfolge %3</translation>
    </message>
    <message>
        <source>Sharding and schedule</source>
        <translation>Sharding und Schedule</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>Framework</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Workload</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>does not fit in memory: it cannot run</source>
        <translation>passt nicht in den Speicher: Es kann nicht laufen</translation>
    </message>
    <message>
        <source>has errors</source>
        <translation>hat Fehler</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>None: every check passed.</source>
        <translation>Keine: Jede Prüfung ist bestanden.</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>params</source>
        <translation>Param.</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>Grad.</translation>
    </message>
    <message>
        <source>optim</source>
        <translation>Optim.</translation>
    </message>
    <message>
        <source>activ</source>
        <translation>Aktiv.</translation>
    </message>
    <message>
        <source>kv</source>
        <translation>KV</translation>
    </message>
    <message>
        <source>work</source>
        <translation>Arbeit</translation>
    </message>
    <message>
        <source>temp</source>
        <translation>temp.</translation>
    </message>
    <message>
        <source>comm</source>
        <translation>Komm.</translation>
    </message>
    <message>
        <source>reserve</source>
        <translation>Reserve</translation>
    </message>
    <message>
        <source>Memory per pipeline stage</source>
        <translation>Speicher je Pipeline-Stage</translation>
    </message>
    <message>
        <source>Not computed: the model or the placement is not valid.</source>
        <translation>Nicht berechnet: Das Modell oder die Platzierung ist ungültig.</translation>
    </message>
    <message>
        <source>Bytes per GPU, one row per pipeline stage and GPU type (GB = 10&lt;sup&gt;9&lt;/sup&gt; bytes).</source>
        <translation>Bytes pro GPU, eine Zeile je Pipeline-Stage und GPU-Typ (GB = 10&lt;sup&gt;9&lt;/sup&gt; Bytes).</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stage</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Layer</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Peak: rank %1, %2 — every rank fits.</source>
        <translation>Spitze: Rank %1, %2 – jeder Rank passt.</translation>
    </message>
    <message>
        <source>Peak: rank %1, %2 — &lt;b&gt;does not fit&lt;/b&gt;.</source>
        <translation>Spitze: Rank %1, %2 – &lt;b&gt;passt nicht&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation>Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>One request (prompt and output)</source>
        <translation>Eine Anfrage (Prompt und Ausgabe)</translation>
    </message>
    <message>
        <source>Tokens per second, one replica</source>
        <translation>Tokens pro Sekunde, ein Replikat</translation>
    </message>
    <message>
        <source>Tokens per second, the serving group</source>
        <translation>Tokens pro Sekunde, die Serving-Gruppe</translation>
    </message>
    <message>
        <source>Decode bound by</source>
        <translation>Decode begrenzt durch</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechenleistung</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <source>No step time: the design serves, has errors, or its pipeline is too large to simulate.</source>
        <translation>Keine Schrittzeit: Das Design ist ein Serving-Design, hat Fehler oder seine Pipeline ist zu groß zum Simulieren.</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>  pipeline (schedule makespan)</source>
        <translation>  Pipeline (Dauer des Schedules)</translation>
    </message>
    <message>
        <source>  exposed data-parallel synchronisation</source>
        <translation>  sichtbare datenparallele Synchronisation</translation>
    </message>
    <message>
        <source>  optimizer step</source>
        <translation>  Optimizer-Schritt</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>Pipeline-Bubble</translation>
    </message>
    <message>
        <source>Exposed all-reduce</source>
        <translation>Sichtbares All-Reduce</translation>
    </message>
    <message>
        <source>Exposed all-gather</source>
        <translation>Sichtbares All-Gather</translation>
    </message>
    <message>
        <source>Exposed reduce-scatter</source>
        <translation>Sichtbares Reduce-Scatter</translation>
    </message>
    <message>
        <source>Exposed all-to-all</source>
        <translation>Sichtbares All-to-All</translation>
    </message>
    <message>
        <source>Exposed point-to-point</source>
        <translation>Sichtbares Point-to-Point</translation>
    </message>
    <message>
        <source>Compute at %1 of the GPUs&apos; peak (the compute model&apos;s assumption).</source>
        <translation>Rechnen mit %1 der Spitzenleistung der GPUs (Annahme des Rechenmodells).</translation>
    </message>
    <message>
        <source>Candidates side by side</source>
        <translation>Kandidaten nebeneinander</translation>
    </message>
    <message>
        <source>No other layout pinned: pin candidates on the Performance tab to compare them here.</source>
        <translation>Kein weiteres Layout angeheftet: Heften Sie auf dem Tab Leistung Kandidaten an, um sie hier zu vergleichen.</translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation>Grade</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <source>%1 (fits)</source>
        <translation>%1 (passt)</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1 (passt nicht)</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>Sichtbare Kommunikation</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeitumgebung</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>Topologie</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>Parity with %1: within tolerance.</source>
        <translation>Parität mit %1: innerhalb der Toleranz.</translation>
    </message>
    <message>
        <source>Parity with %1: outside tolerance.</source>
        <translation>Parität mit %1: außerhalb der Toleranz.</translation>
    </message>
    <message>
        <source>Measured records</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>None yet: meshwright-cli record add puts a run&apos;s measurements into the design, and they appear here beside the prediction.</source>
        <translation>Noch keine: meshwright-cli record add legt die Messwerte eines Laufs im Design ab, und sie erscheinen hier neben der Vorhersage.</translation>
    </message>
    <message>
        <source>Launch configurations</source>
        <translation>Startkonfigurationen</translation>
    </message>
    <message>
        <source>Which frameworks can run this split (meshwright-cli export --format NAME writes each).</source>
        <translation>Welche Frameworks diese Aufteilung ausführen können (meshwright-cli export --format NAME schreibt jede).</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>with notes</source>
        <translation>mit Hinweisen</translation>
    </message>
    <message>
        <source>cannot express</source>
        <translation>nicht darstellbar</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Abbildungen</translation>
    </message>
    <message>
        <source>No figures were drawn for this report.</source>
        <translation>Für diesen Bericht wurden keine Abbildungen gezeichnet.</translation>
    </message>
    <message>
        <source>Untitled design</source>
        <translation>Unbenanntes Design</translation>
    </message>
    <message>
        <source>Design report written by Meshwright. Every figure comes from its model of memory, communication and compute; measured runs can differ.</source>
        <translation>Designbericht, geschrieben von Meshwright. Jeder Wert stammt aus seinem Modell von Speicher, Kommunikation und Rechenzeit; gemessene Läufe können abweichen.</translation>
    </message>
    <message>
        <source>The cluster: nodes, links and every GPU, coloured by its tensor-parallel group</source>
        <translation>Der Cluster: Nodes, Verbindungen und jede GPU, gefärbt nach ihrer Tensor-Parallel-Gruppe</translation>
    </message>
    <message>
        <source>The cluster coloured by pipeline stage, with the fabric links that carry the pipeline&apos;s activations</source>
        <translation>Der Cluster gefärbt nach Pipeline-Stage, mit den Fabric-Verbindungen, über die die Aktivierungen der Pipeline laufen</translation>
    </message>
    <message>
        <source>The cluster coloured by pipeline group, with the links that carry the pipeline&apos;s activations</source>
        <translation>Der Cluster gefärbt nach Pipeline-Gruppe, mit den Verbindungen, über die die Aktivierungen der Pipeline laufen</translation>
    </message>
    <message>
        <source>Memory per GPU by category, against each GPU&apos;s capacity</source>
        <translation>Speicher pro GPU nach Kategorie, gegen die Kapazität jeder GPU</translation>
    </message>
    <message>
        <source>One training step of the pipeline, per stage: forward (blue) and backward (orange) passes, the communication beneath, idle time hatched</source>
        <translation>Ein Trainingsschritt der Pipeline, pro Stufe: Vorwärts- (blau) und Rückwärtsdurchläufe (orange), darunter die Kommunikation, Leerlauf schraffiert</translation>
    </message>
    <message>
        <source>Strong and weak scaling: throughput and efficiency against the GPU count</source>
        <translation>Starke und schwache Skalierung: Durchsatz und Effizienz über der GPU-Anzahl</translation>
    </message>
    <message>
        <source>The report&apos;s figures need the graphical application.</source>
        <translation>Die Abbildungen des Berichts brauchen die grafische Anwendung.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message numerus="yes">
        <source> of the first %n layer(s) of each chunk</source>
        <translation>
            <numerusform> des ersten Layers jedes Chunks</numerusform>
            <numerusform> der ersten %n Layer jedes Chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>tight</source>
        <translation>knapp</translation>
    </message>
    <message>
        <source>Peak: rank %1, %2 — &lt;b&gt;tight&lt;/b&gt;: it fits only if the allocator fragments less than the reserve assumes.</source>
        <translation>Spitze: Rank %1, %2 – &lt;b&gt;knapp&lt;/b&gt;: passt nur, wenn der Allocator weniger fragmentiert, als die Reserve annimmt.</translation>
    </message>
</context>
<context>
    <name>SaveFile</name>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
</context>
<context>
    <name>Teaching</name>
    <message>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <source>FSDP / ZeRO-3</source>
        <translation>FSDP / ZeRO-3</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>Tensor Parallel (TP)</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>Pipeline Parallel (PP)</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>Context Parallel (CP)</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>Expert Parallel (EP)</translation>
    </message>
    <message>
        <source>Replicas (DP)</source>
        <translation>Replicas (DP)</translation>
    </message>
    <message>
        <source>Every GPU keeps a full training replica and trains on its own micro-batches; the gradients are all-reduced before the optimizer step.</source>
        <translation>Jede GPU hält eine vollständige Trainings-Replica und trainiert auf ihren eigenen Micro-Batches; die Gradients werden vor dem Optimizer-Schritt per All-Reduce zusammengeführt.</translation>
    </message>
    <message>
        <source>Weights, gradients and optimizer states are sharded: each GPU stores a quarter. A layer&apos;s weights are all-gathered for forward and again for backward; gradients go back to their owners by reduce-scatter.</source>
        <translation>Weights, Gradients und Optimizer State werden geshardet: Jede GPU speichert ein Viertel. Die Weights eines Layers werden für den Forward-Pass und erneut für den Backward-Pass per All-Gather zusammengeführt; die Gradients gehen per Reduce-Scatter an ihre Besitzer zurück.</translation>
    </message>
    <message>
        <source>Every weight matrix is split inside the layer (columns, then rows); the partial results are all-reduced in every layer, forward and backward.</source>
        <translation>Jede Weight-Matrix wird innerhalb des Layers geteilt (erst nach Spalten, dann nach Zeilen); die Teilergebnisse werden in jedem Layer per All-Reduce addiert, im Forward- wie im Backward-Pass.</translation>
    </message>
    <message>
        <source>Each GPU holds a group of consecutive layers (a stage) and passes activations forward and gradients back; micro-batches keep the stages busy.</source>
        <translation>Jede GPU hält eine Gruppe aufeinanderfolgender Layer (eine Stage) und gibt Activations weiter und Gradients zurück; Micro-Batches halten die Stages beschäftigt.</translation>
    </message>
    <message>
        <source>The sequence is split: each GPU keeps the activations of its part of the context. Weights are replicated; attention passes key/value blocks around a ring.</source>
        <translation>Die Sequenz wird geteilt: Jede GPU hält die Activations ihres Teils des Kontexts. Die Weights sind repliziert; die Attention reicht Key/Value-Blöcke im Ring weiter.</translation>
    </message>
    <message>
        <source>The experts of each MoE layer are spread over the GPUs; the router sends tokens to their experts with an all-to-all and brings the results back with another.</source>
        <translation>Die Experts jedes MoE-Layers sind auf die GPUs verteilt; der Router schickt die Tokens per All-to-All zu ihren Experts und holt die Ergebnisse mit einem weiteren zurück.</translation>
    </message>
    <message>
        <source>Parts of the weight matrices on each GPU; collectives in every layer of every forward pass.</source>
        <translation>Teile der Weight-Matrizen auf jeder GPU; Collectives in jedem Layer jedes Forward-Passes.</translation>
    </message>
    <message>
        <source>Groups of consecutive layers on each GPU; activations pass from stage to stage.</source>
        <translation>Gruppen aufeinanderfolgender Layer auf jeder GPU; Activations wandern von Stage zu Stage.</translation>
    </message>
    <message>
        <source>Complete serving replicas: independent requests need no communication between them.</source>
        <translation>Vollständige Serving-Replicas: Unabhängige Anfragen brauchen keine Kommunikation zwischen ihnen.</translation>
    </message>
    <message>
        <source>Different MoE experts on each GPU; tokens are routed to their experts, often with an all-to-all exchange.</source>
        <translation>Unterschiedliche MoE-Experts auf jeder GPU; Tokens werden zu ihren Experts geroutet, oft per All-to-All-Austausch.</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradients</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>Optimizer State</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Activations</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Experts (in weights)</source>
        <translation>Experts (in Weights)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>whole</source>
        <translation>ganz</translation>
    </message>
    <message>
        <source>shard</source>
        <translation>Shard</translation>
    </message>
    <message>
        <source>its layers</source>
        <translation>eigene Layer</translation>
    </message>
    <message>
        <source>own batch</source>
        <translation>eigener Batch</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Forward</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>Backward</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>Optimizer-Schritt</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>Gradients</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>Activations</translation>
    </message>
    <message>
        <source>partial sums</source>
        <translation>Teilsummen</translation>
    </message>
    <message>
        <source>key/value blocks</source>
        <translation>Key/Value-Blöcke</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>&lt;b&gt;Saves:&lt;/b&gt; </source>
        <translation>&lt;b&gt;Spart:&lt;/b&gt; </translation>
    </message>
    <message>
        <source>nothing in memory: %1 of model states (16 bytes per parameter) on every GPU, %2 peak. Simple semantics; backward overlaps the all-reduce.</source>
        <translation>keinen Speicher: %1 Model State (16 Byte pro Parameter) auf jeder GPU, Spitze %2. Einfache Semantik; der Backward-Pass überlappt das All-Reduce.</translation>
    </message>
    <message>
        <source>nothing in memory — each replica holds the whole model, %1 per GPU; but no communication between replicas.</source>
        <translation>keinen Speicher — jede Replica hält das ganze Modell, %1 pro GPU; dafür keine Kommunikation zwischen den Replicas.</translation>
    </message>
    <message>
        <source>%1 less</source>
        <translation>%1 weniger</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>%1 mehr</translation>
    </message>
    <message>
        <source>peak %1 per GPU instead of %2 for a full replica (%3); weights %4 instead of %5.</source>
        <translation>Spitze %1 pro GPU statt %2 für eine vollständige Replica (%3); Weights %4 statt %5.</translation>
    </message>
    <message>
        <source>peak %1 per GPU instead of %2 for a full replica (%3); model states %4 instead of %5.</source>
        <translation>Spitze %1 pro GPU statt %2 für eine vollständige Replica (%3); Model State %4 statt %5.</translation>
    </message>
    <message>
        <source>Activations %1: each GPU keeps a quarter of the sequence.</source>
        <translation>Activations %1: Jede GPU hält ein Viertel der Sequenz.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Costs:&lt;/b&gt; </source>
        <translation>&lt;b&gt;Kostet:&lt;/b&gt; </translation>
    </message>
    <message>
        <source>collectives in every layer of every forward pass, on the critical path.</source>
        <translation>Collectives in jedem Layer jedes Forward-Passes, im Critical Path.</translation>
    </message>
    <message>
        <source>a send between stages per forward pass; uneven stages and pipeline idle time.</source>
        <translation>eine Übertragung zwischen Stages pro Forward-Pass; ungleiche Stages und Leerlauf der Pipeline.</translation>
    </message>
    <message>
        <source>every GPU must hold the whole model and its KV cache.</source>
        <translation>jede GPU muss das ganze Modell und seinen KV-Cache halten.</translation>
    </message>
    <message>
        <source>two all-to-alls per MoE layer; uneven expert load.</source>
        <translation>zwei All-to-Alls pro MoE-Layer; ungleiche Last der Experts.</translation>
    </message>
    <message>
        <source>%1 sent per GPU per training step.</source>
        <translation>%1 gesendet pro GPU und Trainingsschritt.</translation>
    </message>
    <message>
        <source>About 1.5× the communication of DDP (ZeRO paper).</source>
        <translation>Etwa das 1,5-Fache der Kommunikation von DDP (ZeRO-Paper).</translation>
    </message>
    <message>
        <source>Two all-reduces per layer forward and two backward, on the critical path: keep TP inside a node.</source>
        <translation>Zwei All-Reduces pro Layer im Forward- und zwei im Backward-Pass, im Critical Path: TP innerhalb eines Nodes halten.</translation>
    </message>
    <message>
        <source>Weights stay replicated; attention waits for key/value blocks.</source>
        <translation>Die Weights bleiben repliziert; die Attention wartet auf Key/Value-Blöcke.</translation>
    </message>
    <message>
        <source>Load balance, capacity limits, dropped tokens and padding.</source>
        <translation>Lastverteilung, Kapazitätsgrenzen, verworfene Tokens und Padding.</translation>
    </message>
    <message>
        <source>Fits in %1 per GPU.</source>
        <translation>Passt in %1 pro GPU.</translation>
    </message>
    <message>
        <source>The model fits one GPU with its KV cache: test independent replicas first.</source>
        <translation>Das Modell passt mit seinem KV-Cache auf eine GPU: Testen Sie zuerst unabhängige Replicas.</translation>
    </message>
    <message>
        <source>One GPU is not enough: shard with TP inside a node first, add PP across nodes only if a node is not enough.</source>
        <translation>Eine GPU reicht nicht: Sharden Sie zuerst mit TP innerhalb eines Nodes und fügen Sie PP über Nodes hinweg nur hinzu, wenn ein Node nicht reicht.</translation>
    </message>
    <message>
        <source>dense whole + ¼ experts</source>
        <translation>dicht ganz + ¼ Experts</translation>
    </message>
    <message>
        <source>peak %1 per GPU instead of %2 for a full replica (%3); model states unchanged at %4.</source>
        <translation>Spitze %1 pro GPU statt %2 für eine vollständige Replica (%3); Model State unverändert bei %4.</translation>
    </message>
    <message>
        <source>FSDP</source>
        <translation>FSDP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>Activations %1 per GPU, not a quarter of the full replica&apos;s %2: TP divides only the tensors inside attention and the MLP by t = %3; the layer-norm and attention inputs (and dropout masks, where the model has dropout) stay whole on every GPU — per layer sbh(10 + 24/t + 5as/(ht)) instead of sbh(34 + 5as/h) (Korthikanti et al. 2022). Sequence parallelism splits those too, (sbh/t)(34 + 5as/h): %4 per GPU.</source>
        <translation>Aktivierungen %1 pro GPU, nicht ein Viertel der %2 des ganzen Replikats: TP teilt nur die Tensoren innerhalb von Attention und MLP durch t = %3; die Eingaben von LayerNorm und Attention (und Dropout-Masken, wo das Modell Dropout hat) bleiben auf jeder GPU ganz — pro Schicht sbh(10 + 24/t + 5as/(ht)) statt sbh(34 + 5as/h) (Korthikanti et al. 2022). Sequenzparallelität teilt auch diese, (sbh/t)(34 + 5as/h): %4 pro GPU.</translation>
    </message>
    <message>
        <source>Activations: each stage computes %1 of the %2 layers, but under 1F1B the first stage keeps %3 micro-batches in flight, so GPU %4 holds %5 — about what a full replica keeps for one micro-batch through every layer (%6): (sbhL/t)(34 + 5as/h) on the first stage, whatever p (Korthikanti et al. 2022). The last stage keeps %7 in flight: %8.</source>
        <translation>Aktivierungen: Jede Stufe rechnet %1 der %2 Schichten, aber unter 1F1B hält die erste Stufe %3 Micro-Batches gleichzeitig, also hält GPU %4 %5 — etwa so viel, wie ein ganzes Replikat für einen Micro-Batch durch alle Schichten hält (%6): (sbhL/t)(34 + 5as/h) auf der ersten Stufe, unabhängig von p (Korthikanti et al. 2022). Die letzte Stufe hält %7 gleichzeitig: %8.</translation>
    </message>
    <message>
        <source>Pipeline bubble: the reference article&apos;s (p−1)/(m+p−1) with p = %1 stages and m = %2 micro-batches leaves %3 idle; Meshwright&apos;s schedule with this model&apos;s stage and send times gives %4.</source>
        <translation>Pipeline-Bubble: Die Formel (p−1)/(m+p−1) des Quellartikels lässt bei p = %1 Stages und m = %2 Micro-Batches %3 ungenutzt; der Schedule von Meshwright mit den Stage- und Übertragungszeiten dieses Models ergibt %4.</translation>
    </message>
    <message>
        <source>Does not fit in %1 per GPU.</source>
        <translation>Passt nicht in %1 pro GPU.</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>%1 – %2 (%3)</source>
        <translation>%1 – %2 (%3)</translation>
    </message>
    <message>
        <source>comm.</source>
        <translation>Komm.</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>Stage %1</translation>
    </message>
    <message>
        <source>PP rank %1</source>
        <translation>PP-Rank %1</translation>
    </message>
    <message>
        <source>Pipeline rank %1 · rank %2 · GPU %3 on node %4</source>
        <translation>Pipeline-Rank %1 · Rank %2 · GPU %3 auf Node %4</translation>
    </message>
    <message>
        <source>Idle (bubble)</source>
        <translation>Leerlauf (Bubble)</translation>
    </message>
    <message>
        <source>Runs while the GPU computes.</source>
        <translation>Läuft, während die GPU rechnet.</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-Reduce</translation>
    </message>
    <message>
        <source>Reduce-scatter</source>
        <translation>Reduce-Scatter</translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation>All-Gather</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Bucket %1&lt;/b&gt;: %2 in %Ln gradient tensor(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Bucket %1&lt;/b&gt;: %2 in %Ln Gradient-Tensor</numerusform>
            <numerusform>&lt;b&gt;Bucket %1&lt;/b&gt;: %2 in %Ln Gradient-Tensoren</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready at %1; %2 %3</source>
        <translation>Bereit bei %1; %2 %3</translation>
    </message>
    <message>
        <source>%1 of it after the backward: exposed</source>
        <translation>Davon %1 nach dem Backward-Pass: bleibt sichtbar</translation>
    </message>
    <message>
        <source>backward ends</source>
        <translation>Backward-Pass endet</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>root</source>
        <translation>Root</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Layer %1</translation>
    </message>
    <message>
        <source>the root (embedding, head)</source>
        <translation>das Root-Modul (Embedding, Head)</translation>
    </message>
    <message>
        <source>Backward of %1</source>
        <translation>Backward von %1</translation>
    </message>
    <message>
        <source>Forward of %1</source>
        <translation>Forward von %1</translation>
    </message>
    <message>
        <source>All-gather of %1 for the backward</source>
        <translation>All-Gather von %1 für den Backward-Pass</translation>
    </message>
    <message>
        <source>All-gather of %1 for the forward</source>
        <translation>All-Gather von %1 für den Forward-Pass</translation>
    </message>
    <message>
        <source>Reduce-scatter of the gradients of %1</source>
        <translation>Reduce-Scatter der Gradients von %1</translation>
    </message>
    <message>
        <source>%1 parameters on this rank before sharding, over %2 ranks</source>
        <translation>%1 Parameter auf diesem Rank vor dem Sharding, über %2 Ranks</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Forward</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>Backward</translation>
    </message>
    <message>
        <source>Backward (input gradient)</source>
        <translation>Backward (Input-Gradient)</translation>
    </message>
    <message>
        <source>Weight gradient</source>
        <translation>Weight-Gradient</translation>
    </message>
    <message>
        <source>Forward and backward, overlapped</source>
        <translation>Forward und Backward, überlappt</translation>
    </message>
    <message>
        <source>Forward of micro-batch %1 on stage %2</source>
        <translation>Forward von Micro-Batch %1 auf Stage %2</translation>
    </message>
    <message>
        <source>Backward of micro-batch %1 on stage %2</source>
        <translation>Backward von Micro-Batch %1 auf Stage %2</translation>
    </message>
    <message>
        <source>Input-gradient backward of micro-batch %1 on stage %2</source>
        <translation>Input-Gradient-Backward von Micro-Batch %1 auf Stage %2</translation>
    </message>
    <message>
        <source>Weight gradient of micro-batch %1 on stage %2</source>
        <translation>Weight-Gradient von Micro-Batch %1 auf Stage %2</translation>
    </message>
    <message>
        <source>Forward of micro-batch %1 on stage %2, overlapped with the backward of micro-batch %3 on stage %4</source>
        <translation>Forward von Micro-Batch %1 auf Stage %2, überlappt mit dem Backward von Micro-Batch %3 auf Stage %4</translation>
    </message>
    <message>
        <source>Tensor-parallel collective</source>
        <translation>Tensor-Parallel-Collective</translation>
    </message>
    <message>
        <source>Context-parallel ring exchange</source>
        <translation>Context-Parallel-Ringaustausch</translation>
    </message>
    <message>
        <source>Expert all-to-all</source>
        <translation>Expert-All-to-All</translation>
    </message>
    <message>
        <source>Pipeline send to the next stage</source>
        <translation>Pipeline-Send an die nächste Stage</translation>
    </message>
    <message>
        <source>Data-parallel gradient reduction</source>
        <translation>Data-Parallel-Reduktion der Gradients</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>Interleaved 1F1B</translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation>ZB-H1</translation>
    </message>
    <message>
        <source>ZB-V</source>
        <translation>ZB-V</translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation>DualPipeV</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>predicted step %1</source>
        <translation>vorhergesagter Schritt %1</translation>
    </message>
    <message>
        <source>measured step %1</source>
        <translation>gemessener Schritt %1</translation>
    </message>
    <message>
        <source>All-gather of the updated parameters under the next step&apos;s first forward (%1, overlap-param-gather): %2, of which %3 exposed</source>
        <translation>All-Gather der aktualisierten Parameter unter dem ersten Forward des nächsten Schritts (%1, overlap-param-gather): %2, davon %3 sichtbar</translation>
    </message>
    <message>
        <source>All-gather of the updated parameters after the optimizer step: %1, exposed (the next forward waits for it)</source>
        <translation>All-Gather der aktualisierten Parameter nach dem Optimiererschritt: %1, sichtbar (der nächste Forward wartet darauf)</translation>
    </message>
    <message>
        <source>next forward begins</source>
        <translation>nächster Forward beginnt</translation>
    </message>
    <message>
        <source>Stage copies</source>
        <translation>Stufenkopien</translation>
    </message>
    <message>
        <source>DualPipe: this rank&apos;s gradients of its two stages all-reduced with pipeline rank %1, which holds the same stages: %2 in %3, exposed (deepseek-ai/DualPipe sums them after the step)</source>
        <translation>DualPipe: die Gradienten der beiden Stufen dieses Rangs per All-Reduce mit Pipeline-Rang %1 summiert, der dieselben Stufen hält: %2 in %3, sichtbar (deepseek-ai/DualPipe summiert sie nach dem Schritt)</translation>
    </message>
    <message>
        <source>Embedding sum</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>The word embedding&apos;s gradient all-reduced with pipeline rank %1, which keeps the other copy: %2 in %3, exposed (Megatron-LM sums them after the data-parallel reduction)</source>
        <translation>Der Gradient des Wort-Embeddings, per All-Reduce mit Pipeline-Rank %1 summiert, der die andere Kopie hält: %2 in %3, offen (Megatron-LM summiert sie nach der datenparallelen Reduktion)</translation>
    </message>
</context>
<context>
    <name>app::Document</name>
    <message>
        <source>on</source>
        <translation>Ein</translation>
    </message>
    <message>
        <source>off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>%1 auf %2 setzen</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>Modell %1 wählen</translation>
    </message>
    <message>
        <source>Cluster of %1 × %2 GPUs</source>
        <translation>Cluster mit %1 × %2 GPUs</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message numerus="yes">
        <source>Add a node with %Ln %1 GPU(s)</source>
        <translation>
            <numerusform>Node mit %Ln GPU vom Typ %1 hinzufügen</numerusform>
            <numerusform>Node mit %Ln GPUs vom Typ %1 hinzufügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Add %Ln %1 GPU(s) to node %2</source>
        <translation>
            <numerusform>%Ln GPU vom Typ %1 zu Node %2 hinzufügen</numerusform>
            <numerusform>%Ln GPUs vom Typ %1 zu Node %2 hinzufügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %Ln GPU(s) to node %1</source>
        <translation>
            <numerusform>%Ln GPU nach Node %1 verschieben</numerusform>
            <numerusform>%Ln GPUs nach Node %1 verschieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln node(s)</source>
        <translation>
            <numerusform>%Ln Node entfernen</numerusform>
            <numerusform>%Ln Nodes entfernen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU entfernen</numerusform>
            <numerusform>%Ln GPUs entfernen</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove nodes and GPUs</source>
        <translation>Nodes und GPUs entfernen</translation>
    </message>
    <message numerus="yes">
        <source>Add %Ln node(s) of %1 × %2</source>
        <translation>
            <numerusform>%Ln Node mit %1 × %2 hinzufügen</numerusform>
            <numerusform>%Ln Nodes mit %1 × %2 hinzufügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate %Ln node(s)</source>
        <translation>
            <numerusform>%Ln Node duplizieren</numerusform>
            <numerusform>%Ln Nodes duplizieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %Ln GPU(s) to service</source>
        <translation>
            <numerusform>%Ln GPU wieder in Betrieb nehmen</numerusform>
            <numerusform>%Ln GPUs wieder in Betrieb nehmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take %Ln GPU(s) out of service</source>
        <translation>
            <numerusform>%Ln GPU außer Betrieb nehmen</numerusform>
            <numerusform>%Ln GPUs außer Betrieb nehmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set the link of %Ln node(s) to %1</source>
        <translation>
            <numerusform>Verbindung von %Ln Node auf %1 setzen</numerusform>
            <numerusform>Verbindung von %Ln Nodes auf %1 setzen</numerusform>
        </translation>
    </message>
    <message>
        <source>Place rank %1 on GPU %2</source>
        <translation>Rank %1 auf GPU %2 platzieren</translation>
    </message>
    <message>
        <source>Auto-place the ranks</source>
        <translation>Ranks automatisch platzieren</translation>
    </message>
    <message>
        <source>Keep TP inside nodes: TP first in the order</source>
        <translation>TP innerhalb der Nodes halten: TP an erster Stelle der Reihenfolge</translation>
    </message>
    <message>
        <source>Keep EP inside nodes: EP right after TP in the order</source>
        <translation>EP in den Nodes halten: EP direkt hinter TP in der Reihenfolge</translation>
    </message>
    <message>
        <source>Compare with record %1</source>
        <translation>Mit Messung %1 vergleichen</translation>
    </message>
    <message>
        <source>Compare with the newest record</source>
        <translation>Mit der neuesten Messung vergleichen</translation>
    </message>
    <message>
        <source>%1 (Auto DP off)</source>
        <translation>%1 (Auto-DP aus)</translation>
    </message>
    <message>
        <source>%1; Auto DP: DP %2 takes the free GPUs</source>
        <translation>%1; Auto-DP: DP %2 nimmt die freien GPUs</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>Setze %1</translation>
    </message>
</context>
<context>
    <name>app::EvaluationStatus</name>
    <message>
        <source>Evaluating %1 GPUs…</source>
        <translation>%1 GPUs werden ausgewertet …</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop evaluating and undo the changes made since the design shown was evaluated</source>
        <translation>Die Auswertung abbrechen und die Änderungen seit dem angezeigten, ausgewerteten Entwurf rückgängig machen</translation>
    </message>
</context>
<context>
    <name>app::ExportMenu</name>
    <message>
        <source>Figure Size</source>
        <translation>Größe der Abbildung</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>Breite:</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>Höhe:</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>E&amp;xportieren</translation>
    </message>
    <message>
        <source>&amp;Launch Configuration…</source>
        <translation>&amp;Startkonfiguration…</translation>
    </message>
    <message>
        <source>&amp;Figure of the Current View…</source>
        <translation>&amp;Abbildung der aktuellen Ansicht…</translation>
    </message>
    <message>
        <source>Design &amp;Report…</source>
        <translation>Design-&amp;Bericht…</translation>
    </message>
    <message>
        <source>&amp;Measured Records…</source>
        <translation>&amp;Messwerte…</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>Abbildung exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot Export the Figure</source>
        <translation>Abbildung kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>There is no evaluated design to report on.</source>
        <translation>Es gibt kein ausgewertetes Design für einen Bericht.</translation>
    </message>
    <message>
        <source>Write Design Report</source>
        <translation>Design-Bericht schreiben</translation>
    </message>
    <message>
        <source>design-report.pdf</source>
        <translation>design-bericht.pdf</translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;HTML page (*.html)</source>
        <translation>PDF-Dokument (*.pdf);;HTML-Seite (*.html)</translation>
    </message>
    <message>
        <source>Cannot Write the Report</source>
        <translation>Bericht kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>app::HelpDialog</name>
    <message>
        <source>Menus</source>
        <translation>Menüs</translation>
    </message>
    <message>
        <source>Undo and redo act on the design wherever the focus is; a value being typed is entered first, so that undo takes it back.</source>
        <translation>Rückgängig und Wiederholen wirken auf das Design, wo auch immer der Fokus ist; ein gerade getippter Wert wird zuerst übernommen, sodass Rückgängig ihn zurücknimmt.</translation>
    </message>
    <message>
        <source>Remove the selected GPUs or nodes</source>
        <translation>Die gewählten GPUs oder Nodes entfernen</translation>
    </message>
    <message>
        <source>Select every GPU</source>
        <translation>Alle GPUs auswählen</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Cancel a drag, or clear the selection</source>
        <translation>Ziehen abbrechen oder Auswahl aufheben</translation>
    </message>
    <message>
        <source>Zoom in, zoom out (or Ctrl + mouse wheel)</source>
        <translation>Vergrößern, verkleinern (oder Strg + Mausrad)</translation>
    </message>
    <message>
        <source>Fit the cluster into the view</source>
        <translation>Den Cluster in die Ansicht einpassen</translation>
    </message>
    <message>
        <source>Cluster canvas</source>
        <translation>Cluster-Ansicht</translation>
    </message>
    <message>
        <source>Page Down, Page Up</source>
        <translation>Bild ab, Bild auf</translation>
    </message>
    <message>
        <source>Next view, previous view</source>
        <translation>Nächste Ansicht, vorige Ansicht</translation>
    </message>
    <message>
        <source>Right, Left (Space, Backspace)</source>
        <translation>Rechts, Links (Leertaste, Rücktaste)</translation>
    </message>
    <message>
        <source>Next step, previous step</source>
        <translation>Nächster Schritt, voriger Schritt</translation>
    </message>
    <message>
        <source>The view&apos;s variant on or off</source>
        <translation>Die Variante der Ansicht ein oder aus</translation>
    </message>
    <message>
        <source>Start or leave the presentation</source>
        <translation>Präsentation starten oder beenden</translation>
    </message>
    <message>
        <source>Leave the presentation</source>
        <translation>Präsentation beenden</translation>
    </message>
    <message>
        <source>Learn window</source>
        <translation>Lernfenster</translation>
    </message>
</context>
<context>
    <name>app::ImportMenu</name>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>&amp;Model (Hugging Face config.json)…</source>
        <translation>&amp;Modell (Hugging-Face-config.json)…</translation>
    </message>
    <message>
        <source>Profiler &amp;Trace…</source>
        <translation>Profiler-&amp;Trace…</translation>
    </message>
    <message>
        <source>Cannot Import the Model</source>
        <translation>Modell kann nicht importiert werden</translation>
    </message>
    <message>
        <source>Cannot Import the Trace</source>
        <translation>Trace kann nicht importiert werden</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a model Meshwright can import:
%2</source>
        <translation>%1 ist kein Modell, das Meshwright importieren kann:
%2</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>Modell %1 importieren</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json</source>
        <translation>Eine Hugging-Face-config.json importieren</translation>
    </message>
    <message>
        <source>Model configurations (*.json);;All files (*)</source>
        <translation>Modellkonfigurationen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Model Imported</source>
        <translation>Modell importiert</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The import was cancelled; the design is unchanged.</source>
        <translation>Der Import wurde abgebrochen; das Design ist unverändert.</translation>
    </message>
    <message>
        <source>%1 is not a readable profiler trace:
%2</source>
        <translation>%1 ist kein lesbarer Profiler-Trace:
%2</translation>
    </message>
    <message>
        <source>Import trace %1</source>
        <translation>Trace %1 importieren</translation>
    </message>
    <message>
        <source>Import a PyTorch Profiler Trace</source>
        <translation>Trace des PyTorch-Profilers importieren</translation>
    </message>
    <message>
        <source>Profiler traces (*.json *.json.gz *.gz);;All files (*)</source>
        <translation>Profiler-Traces (*.json *.json.gz *.gz);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Launch Configuration…</source>
        <translation>&amp;Launch-Konfiguration…</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 ist leer.</translation>
    </message>
    <message>
        <source>%1 cannot be imported:
%2</source>
        <translation>%1 kann nicht importiert werden:
%2</translation>
    </message>
    <message>
        <source>Not used: %1</source>
        <translation>Nicht verwendet: %1</translation>
    </message>
    <message>
        <source>Import launch configuration %1</source>
        <translation>Launch-Konfiguration %1 importieren</translation>
    </message>
    <message>
        <source>Any launch file, format from its name and contents (*)</source>
        <translation>Jede Launch-Datei, Format aus Name und Inhalt (*)</translation>
    </message>
    <message>
        <source>Megatron-LM arguments (*.sh *.txt *.args)</source>
        <translation>Megatron-LM-Argumente (*.sh *.txt *.args)</translation>
    </message>
    <message>
        <source>torchtitan config (*.toml)</source>
        <translation>torchtitan-Konfiguration (*.toml)</translation>
    </message>
    <message>
        <source>Accelerate config (*.yaml *.yml)</source>
        <translation>Accelerate-Konfiguration (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>DeepSpeed config (*.json)</source>
        <translation>DeepSpeed-Konfiguration (*.json)</translation>
    </message>
    <message>
        <source>vLLM command (*.sh)</source>
        <translation>vLLM-Befehl (*.sh)</translation>
    </message>
    <message>
        <source>SGLang command (*.sh)</source>
        <translation>SGLang-Befehl (*.sh)</translation>
    </message>
    <message>
        <source>Import a Launch Configuration</source>
        <translation>Launch-Konfiguration importieren</translation>
    </message>
    <message>
        <source>Cannot Import the Launch Configuration</source>
        <translation>Launch-Konfiguration kann nicht importiert werden</translation>
    </message>
    <message>
        <source>Launch Configuration Imported</source>
        <translation>Launch-Konfiguration importiert</translation>
    </message>
</context>
<context>
    <name>app::LaunchConfigDialog</name>
    <message>
        <source>torchrun command</source>
        <translation>torchrun-Befehl</translation>
    </message>
    <message>
        <source>Accelerate FSDP2 configuration (YAML)</source>
        <translation>Accelerate-FSDP2-Konfiguration (YAML)</translation>
    </message>
    <message>
        <source>DeepSpeed configuration (JSON)</source>
        <translation>DeepSpeed-Konfiguration (JSON)</translation>
    </message>
    <message>
        <source>Megatron-LM arguments</source>
        <translation>Megatron-LM-Argumente</translation>
    </message>
    <message>
        <source>vLLM serving command</source>
        <translation>vLLM-Serving-Befehl</translation>
    </message>
    <message>
        <source>SGLang serving command</source>
        <translation>SGLang-Serving-Befehl</translation>
    </message>
    <message>
        <source>Launch Configuration</source>
        <translation>Startkonfiguration</translation>
    </message>
    <message>
        <source>Framework:</source>
        <translation>Framework:</translation>
    </message>
    <message>
        <source>Documented flags of:</source>
        <translation>Dokumentierte Optionen von:</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>Everything the design sets is expressed.</source>
        <translation>Alles, was das Design festlegt, ist ausgedrückt.</translation>
    </message>
    <message>
        <source>Save Launch Configuration</source>
        <translation>Startkonfiguration speichern</translation>
    </message>
    <message>
        <source>Cannot Save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>torchtitan job config (TOML)</source>
        <translation>torchtitan-Jobkonfiguration (TOML)</translation>
    </message>
</context>
<context>
    <name>app::LearnWindow</name>
    <message>
        <source>Six splits on four GPUs</source>
        <translation>Sechs Splits auf vier GPUs</translation>
    </message>
    <message>
        <source>Tensor parallelism: the MLP split</source>
        <translation>Tensor Parallelism: der MLP-Split</translation>
    </message>
    <message>
        <source>Context parallelism: chunks and ring</source>
        <translation>Context Parallelism: Chunks und Ring</translation>
    </message>
    <message>
        <source>Expert parallelism: routing tokens</source>
        <translation>Expert Parallelism: Tokens routen</translation>
    </message>
    <message>
        <source>Serving: what each GPU stores</source>
        <translation>Serving: was jede GPU speichert</translation>
    </message>
    <message>
        <source>Learn — Meshwright</source>
        <translation>Lernen — Meshwright</translation>
    </message>
    <message>
        <source>&amp;Learn</source>
        <translation>&amp;Lernen</translation>
    </message>
    <message>
        <source>Start &amp;Presentation</source>
        <translation>&amp;Präsentation starten</translation>
    </message>
    <message>
        <source>Keys: PageDown/PageUp view · Right/Left step · F5 presentation · Esc leave</source>
        <translation>Tasten: Bild ab/auf Ansicht · Rechts/Links Schritt · F5 Präsentation · Esc beenden</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — step %2 of %3 · view %4 of %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — Schritt %2 von %3 · Ansicht %4 von %5</translation>
    </message>
    <message>
        <source>Export &amp;Figure…</source>
        <translation>&amp;Abbildung exportieren…</translation>
    </message>
    <message>
        <source>Write this view at its current step as PNG, SVG or PDF (%1)</source>
        <translation>Diese Ansicht im aktuellen Schritt als PNG, SVG oder PDF schreiben (%1)</translation>
    </message>
    <message>
        <source>Keys: PageDown/PageUp view · Right/Left step · %1 %2 · F5 presentation · Esc leave</source>
        <translation>Tasten: Bild ab/auf Ansicht · Rechts/Links Schritt · %1 %2 · F5 Präsentation · Esc beenden</translation>
    </message>
</context>
<context>
    <name>app::MainWindow</name>
    <message>
        <source>About Meshwright</source>
        <translation>Über Meshwright</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Meshwright %1&lt;/h3&gt;&lt;p&gt;Design, check and teach how large language models are split across GPUs: data, tensor, pipeline, context and expert parallelism, on real hardware.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Meshwright %1&lt;/h3&gt;&lt;p&gt;Entwerfen, prüfen und vermitteln Sie, wie LLMs auf GPUs aufgeteilt werden: Data, Tensor, Pipeline, Context und Expert Parallelism, auf realer Hardware.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation>Beis&amp;piel öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>&amp;About Meshwright</source>
        <translation>Ü&amp;ber Meshwright</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Layout</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>%1[*] — Meshwright</source>
        <translation>%1[*] — Meshwright</translation>
    </message>
    <message>
        <source>No recent designs</source>
        <translation>Keine zuletzt geöffneten Designs</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 hat ungespeicherte Änderungen. Möchten Sie sie zuerst speichern?</translation>
    </message>
    <message>
        <source>New design</source>
        <translation>Neues Design</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>Design öffnen</translation>
    </message>
    <message>
        <source>Meshwright designs (*.json);;All files (*)</source>
        <translation>Meshwright-Designs (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation>Design kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 is not a design Meshwright can read. Nothing was changed.

%2</source>
        <translation>%1 ist kein Design, das Meshwright lesen kann. Es wurde nichts geändert.

%2</translation>
    </message>
    <message>
        <source>Cannot save design</source>
        <translation>Design kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save design</source>
        <translation>Design speichern</translation>
    </message>
    <message>
        <source>Meshwright designs (*.json)</source>
        <translation>Meshwright-Designs (*.json)</translation>
    </message>
    <message>
        <source>Cannot write the screenshot to %1</source>
        <translation>Der Screenshot kann nicht nach %1 geschrieben werden</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Collectives</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Timeline</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>Leistung</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts — Meshwright</source>
        <translation>Tastenkürzel — Meshwright</translation>
    </message>
    <message>
        <source>User Guide — Meshwright</source>
        <translation>Benutzerhandbuch — Meshwright</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
</context>
<context>
    <name>app::NewRecordDialog</name>
    <message>
        <source>New Measured Record</source>
        <translation>Neue Messung</translation>
    </message>
    <message>
        <source>Paste a record document (&quot;meshwright.record&quot;, as a training job writes it); the README lists every field.</source>
        <translation>Fügen Sie ein Messdokument ein („meshwright.record“, wie es ein Trainingsjob schreibt); das README nennt jedes Feld.</translation>
    </message>
    <message>
        <source>&amp;Fields</source>
        <translation>&amp;Felder</translation>
    </message>
    <message>
        <source>Paste &amp;JSON</source>
        <translation>&amp;JSON einfügen</translation>
    </message>
</context>
<context>
    <name>app::RecordForm</name>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>s per step</source>
        <translation>s pro Schritt</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>of which %1</source>
        <translation>davon %1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>JJJJ-MM-TT</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>Identität</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Code version</source>
        <translation>Code-Version</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Laufzeitumgebung</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>Topologie</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>Globaler Batch</translation>
    </message>
    <message>
        <source>Local batch (micro-batch)</source>
        <translation>Lokaler Batch (Micro-Batch)</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU</source>
        <translation>Spitzenspeicher der vollsten GPU</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Useful tokens per second</source>
        <translation>Nutzbare Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Serving latency</source>
        <translation>Latenz beim Serving</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation>Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>Visible communication</source>
        <translation>Sichtbare Kommunikation</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-Reduce</translation>
    </message>
    <message>
        <source>All-gather</source>
        <translation>All-Gather</translation>
    </message>
    <message>
        <source>Reduce-scatter</source>
        <translation>Reduce-Scatter</translation>
    </message>
    <message>
        <source>All-to-all</source>
        <translation>All-to-All</translation>
    </message>
    <message>
        <source>Point-to-point</source>
        <translation>Punkt-zu-Punkt</translation>
    </message>
    <message>
        <source>Stalls and restarts</source>
        <translation>Wartezeiten und Neustarts</translation>
    </message>
    <message>
        <source>Input stalls</source>
        <translation>Wartezeit auf Eingabedaten</translation>
    </message>
    <message>
        <source>Checkpoint time</source>
        <translation>Checkpoint-Zeit</translation>
    </message>
    <message>
        <source>s per checkpoint</source>
        <translation>s pro Checkpoint</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
    <message>
        <source>Parity with the baseline</source>
        <translation>Übereinstimmung mit der Referenz</translation>
    </message>
    <message>
        <source>Baseline run</source>
        <translation>Referenzlauf</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>e.g. loss</source>
        <translation>z. B. Loss</translation>
    </message>
    <message>
        <source>Difference (metric − baseline)</source>
        <translation>Differenz (Metrik − Referenz)</translation>
    </message>
    <message>
        <source>not judged</source>
        <translation>nicht bewertet</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Within tolerance</source>
        <translation>Innerhalb der Toleranz</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>%1: “%2” is not a whole number.</source>
        <translation>%1: „%2“ ist keine ganze Zahl.</translation>
    </message>
    <message>
        <source>%1: “%2” is not a number.</source>
        <translation>%1: „%2“ ist keine Zahl.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3 %4; it is %5 %4.</source>
        <translation>%1 muss zwischen %2 und %3 %4 liegen; angegeben sind %5 %4.</translation>
    </message>
</context>
<context>
    <name>app::RecordsDialog</name>
    <message>
        <source>  of which %1</source>
        <translation>  davon %1</translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU</source>
        <translation>Spitzenspeicher der vollsten GPU</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>Globaler Batch (Sequenzen)</translation>
    </message>
    <message>
        <source>Micro-batch (sequences)</source>
        <translation>Micro-Batch (Sequenzen)</translation>
    </message>
    <message>
        <source>Sequence length (tokens)</source>
        <translation>Sequenzlänge (Tokens)</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Visible all-reduce per step</source>
        <translation>Sichtbares All-Reduce pro Schritt</translation>
    </message>
    <message>
        <source>Visible all-gather per step</source>
        <translation>Sichtbares All-Gather pro Schritt</translation>
    </message>
    <message>
        <source>Visible reduce-scatter per step</source>
        <translation>Sichtbares Reduce-Scatter pro Schritt</translation>
    </message>
    <message>
        <source>Visible all-to-all per step</source>
        <translation>Sichtbares All-to-All pro Schritt</translation>
    </message>
    <message>
        <source>Visible point-to-point per step</source>
        <translation>Sichtbares Point-to-Point pro Schritt</translation>
    </message>
    <message>
        <source>Input stalls per step</source>
        <translation>Wartezeit auf Eingabedaten pro Schritt</translation>
    </message>
    <message>
        <source>Checkpoint time</source>
        <translation>Checkpoint-Zeit</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Neustarts</translation>
    </message>
    <message>
        <source>Parity with the baseline (difference)</source>
        <translation>Parität mit der Baseline (Differenz)</translation>
    </message>
    <message>
        <source>Measured Records</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>&amp;New Record…</source>
        <translation>&amp;Neue Messung…</translation>
    </message>
    <message>
        <source>&amp;Import Record…</source>
        <translation>Messung &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Remove Record</source>
        <translation>Messung &amp;entfernen</translation>
    </message>
    <message>
        <source>Unnamed record</source>
        <translation>Unbenannte Messung</translation>
    </message>
    <message>
        <source>No measured records yet: import a record file (&quot;meshwright.record&quot;) written from a real run of this layout.</source>
        <translation>Noch keine Messwerte: Importieren Sie eine Messdatei („meshwright.record“) aus einem echten Lauf dieses Layouts.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not a readable record:
%2</source>
        <translation>%1 ist keine lesbare Messung:
%2</translation>
    </message>
    <message>
        <source>Add measured record %1</source>
        <translation>Messung %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove measured record %1</source>
        <translation>Messung %1 entfernen</translation>
    </message>
    <message>
        <source>Import Measured Record</source>
        <translation>Messung importieren</translation>
    </message>
    <message>
        <source>Meshwright records (*.json)</source>
        <translation>Meshwright-Messungen (*.json)</translation>
    </message>
    <message>
        <source>Cannot Import the Record</source>
        <translation>Messung kann nicht importiert werden</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message>
        <source>Sequences in flight (all replicas)</source>
        <translation>Laufende Sequenzen (alle Replicas)</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation>Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 measured, not predicted</source>
        <translation>%1 gemessen, nicht vorhergesagt</translation>
    </message>
    <message>
        <source>%1 measured, %2 predicted, %3</source>
        <translation>%1 gemessen, %2 vorhergesagt, %3</translation>
    </message>
    <message>
        <source>The &amp;views compare the prediction with:</source>
        <translation>Die &amp;Ansichten vergleichen die Vorhersage mit:</translation>
    </message>
    <message>
        <source>The newest record (by date)</source>
        <translation>der neuesten Messung (nach Datum)</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 Tokens/s</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <translation>%1 Pp.</translation>
    </message>
</context>
<context>
    <name>widgets::ActivationPlot</name>
    <message>
        <source>&lt;b&gt;Activation memory&lt;/b&gt; each pipeline rank holds over the step (a provisional estimate after Korthikanti et al. 2022, until the memory model provides it)</source>
        <translation>&lt;b&gt;Activation-Speicher&lt;/b&gt;, den jeder Pipeline-Rank über den Schritt hält (eine vorläufige Schätzung nach Korthikanti et al. 2022, bis das Speichermodell sie liefert)</translation>
    </message>
    <message>
        <source>Time (%1)</source>
        <translation>Zeit (%1)</translation>
    </message>
    <message>
        <source>Peak %1 on %2. Click here or in the timeline to read every stage at one moment.</source>
        <translation>Spitze %1 auf %2. Klicken Sie hier oder in die Timeline, um alle Stages zu einem Zeitpunkt abzulesen.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 on all ranks together</source>
        <translation>%1 auf allen Ranks zusammen</translation>
    </message>
    <message>
        <source>At %1 — %2</source>
        <translation>Bei %1 — %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Activation memory&lt;/b&gt; each pipeline rank holds over the step: the memory model&apos;s activations (as in the Memory tab), rising with every forward in flight and falling with every backward</source>
        <translation>&lt;b&gt;Activation-Speicher&lt;/b&gt;, den jeder Pipeline-Rank über den Schritt hält: die Activations des Speichermodells (wie im Tab Speicher), steigend mit jedem laufenden Forward-Pass und fallend mit jedem Backward-Pass</translation>
    </message>
    <message>
        <source>&lt;b&gt;Activation memory&lt;/b&gt; per pipeline rank over the step</source>
        <translation>&lt;b&gt;Activation-Speicher&lt;/b&gt; je Pipeline-Rank über den Schritt</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
</context>
<context>
    <name>widgets::BubblePlot</name>
    <message>
        <source>Micro-batches per step</source>
        <translation>Micro-Batches pro Schritt</translation>
    </message>
    <message>
        <source>Idle share (%)</source>
        <translation>Leerlaufanteil (%)</translation>
    </message>
    <message>
        <source>Idealized: (p − 1)/(m + p − 1)</source>
        <translation>Idealisiert: (p − 1)/(m + p − 1)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Bubble&lt;/b&gt;: the idle share of the pipeline against the number of micro-batches</source>
        <translation>&lt;b&gt;Bubble&lt;/b&gt;: der Leerlaufanteil der Pipeline über der Zahl der Micro-Batches</translation>
    </message>
    <message>
        <source>&lt;b&gt;Bubble&lt;/b&gt;: with one pipeline stage there is none; the micro-batches run back to back.</source>
        <translation>&lt;b&gt;Bubble&lt;/b&gt;: Mit einer einzigen Pipeline-Stage gibt es keine; die Micro-Batches laufen direkt nacheinander.</translation>
    </message>
    <message>
        <source>%1, this design&apos;s stages</source>
        <translation>%1, Stages dieses Designs</translation>
    </message>
    <message>
        <source>this design: m = %1, %2 %</source>
        <translation>dieses Design: m = %1, %2 %</translation>
    </message>
    <message>
        <source>this design: m = %1, 0 %
one stage: no pipeline bubble</source>
        <translation>dieses Design: m = %1, 0 %
eine Stage: keine Pipeline-Bubble</translation>
    </message>
</context>
<context>
    <name>widgets::ClusterCanvas</name>
    <message>
        <source>%1 traffic of rank 0</source>
        <translation>%1-Traffic von Rank 0</translation>
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
        <translation>GPU %1 (%2), Steckplatz %3</translation>
    </message>
    <message>
        <source>Out of service</source>
        <translation>Außer Betrieb</translation>
    </message>
    <message>
        <source>Idle: the layout has no rank for this GPU</source>
        <translation>Ungenutzt: Das Layout hat keinen Rank für diese GPU</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Sends per step: %1</source>
        <translation>Sendet pro Schritt: %1</translation>
    </message>
    <message>
        <source>Swap rank %1 with rank %2</source>
        <translation>Rank %1 mit Rank %2 tauschen</translation>
    </message>
    <message>
        <source>Place rank %1 on GPU %2</source>
        <translation>Rank %1 auf GPU %2 platzieren</translation>
    </message>
    <message numerus="yes">
        <source>Move %Ln GPU(s) to node %1</source>
        <translation>
            <numerusform>%Ln GPU nach Node %1 verschieben</numerusform>
            <numerusform>%Ln GPUs nach Node %1 verschieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU entfernen</numerusform>
            <numerusform>%Ln GPUs entfernen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Take %Ln GPU(s) out of service</source>
        <translation>
            <numerusform>%Ln GPU außer Betrieb nehmen</numerusform>
            <numerusform>%Ln GPUs außer Betrieb nehmen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Return %Ln GPU(s) to service</source>
        <translation>
            <numerusform>%Ln GPU wieder in Betrieb nehmen</numerusform>
            <numerusform>%Ln GPUs wieder in Betrieb nehmen</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>Node %1</translation>
    </message>
    <message>
        <source>Duplicate node</source>
        <translation>Node duplizieren</translation>
    </message>
    <message>
        <source>Remove node</source>
        <translation>Node entfernen</translation>
    </message>
    <message>
        <source>Take node out of service</source>
        <translation>Node außer Betrieb nehmen</translation>
    </message>
    <message>
        <source>Return node to service</source>
        <translation>Node wieder in Betrieb nehmen</translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation>Verbindung im Node</translation>
    </message>
    <message>
        <source>Fabric between nodes</source>
        <translation>Fabric zwischen den Nodes</translation>
    </message>
    <message>
        <source>Auto-place the ranks</source>
        <translation>Ranks automatisch platzieren</translation>
    </message>
    <message>
        <source>Select all GPUs</source>
        <translation>Alle GPUs auswählen</translation>
    </message>
    <message>
        <source>Fit the cluster in view</source>
        <translation>Cluster in die Ansicht einpassen</translation>
    </message>
    <message>
        <source>Add a %1 to node %2</source>
        <translation>Eine %1 zu Node %2 hinzufügen</translation>
    </message>
    <message>
        <source>New node with a %1</source>
        <translation>Neuer Node mit einer %1</translation>
    </message>
    <message>
        <source>Add an %1 to node %2</source>
        <translation>Eine %1 zu Node %2 hinzufügen</translation>
    </message>
    <message>
        <source>Memory: %1 of %2 (%3)</source>
        <translation>Speicher: %1 von %2 (%3)</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>knapp</translation>
    </message>
</context>
<context>
    <name>widgets::ClusterPanel</name>
    <message>
        <source>Colour GPUs by group:</source>
        <translation>GPUs nach Gruppe einfärben:</translation>
    </message>
    <message>
        <source>Tensor parallel groups: split each layer&apos;s matrices</source>
        <translation>Tensor-Parallel-Gruppen: teilen die Matrizen jedes Layers</translation>
    </message>
    <message>
        <source>Pipeline parallel groups: the stages one micro-batch passes through</source>
        <translation>Pipeline-Parallel-Gruppen: die Stages, die ein Micro-Batch durchläuft</translation>
    </message>
    <message>
        <source>Data parallel groups: replicas that synchronise gradients</source>
        <translation>Data-Parallel-Gruppen: Replicas, die Gradients synchronisieren</translation>
    </message>
    <message>
        <source>Context parallel groups: split the sequence</source>
        <translation>Context-Parallel-Gruppen: teilen die Sequenz</translation>
    </message>
    <message>
        <source>Expert parallel groups: share the experts of each MoE layer</source>
        <translation>Expert-Parallel-Gruppen: teilen sich die Experts jedes MoE-Layers</translation>
    </message>
    <message>
        <source>Dragging moves:</source>
        <translation>Ziehen verschiebt:</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Drag a GPU to another node or slot to move it; drag it out of every node to remove it.</source>
        <translation>Ziehen Sie eine GPU auf einen anderen Node oder Steckplatz, um sie zu verschieben; ziehen Sie sie aus allen Nodes heraus, um sie zu entfernen.</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Drag a rank onto another GPU to swap the two placements (Shift switches for one drag).</source>
        <translation>Ziehen Sie einen Rank auf eine andere GPU, um die beiden Platzierungen zu tauschen (Umschalt wechselt für einen Zug).</translation>
    </message>
    <message>
        <source>Auto-place</source>
        <translation>Auto-Platzierung</translation>
    </message>
    <message>
        <source>Drop the explicit placement: ranks go back to the topology-aware default.</source>
        <translation>Explizite Platzierung verwerfen: Die Ranks kehren zur topologiebewussten Standardplatzierung zurück.</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the cluster in view (Ctrl+0). Ctrl+wheel zooms.</source>
        <translation>Cluster in die Ansicht einpassen (Strg+0). Strg+Mausrad zoomt.</translation>
    </message>
    <message>
        <source>GPU types</source>
        <translation>GPU-Typen</translation>
    </message>
    <message>
        <source>Drag a GPU type into a node to add it, or onto empty space for a new node.</source>
        <translation>Ziehen Sie einen GPU-Typ in einen Node, um eine GPU hinzuzufügen, oder auf eine freie Fläche für einen neuen Node.</translation>
    </message>
    <message>
        <source>Add nodes of the selected GPU type:</source>
        <translation>Nodes des gewählten GPU-Typs hinzufügen:</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Traffic per GPU and training step</source>
        <translation>Traffic pro GPU und Trainingsschritt</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>Pro GPU</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>Bytes the busiest GPU sends per training step</source>
        <translation>Bytes, die die am stärksten belastete GPU pro Trainingsschritt sendet</translation>
    </message>
    <message>
        <source>Under each node&apos;s GPUs: its NVLink (dashed: PCIe). Lines down to the lanes: the fabric between nodes. Coloured and thicker where the chosen group&apos;s traffic runs. Hover a GPU to see all its groups.</source>
        <translation>Unter den GPUs jedes Nodes: sein NVLink (gestrichelt: PCIe). Linien hinunter zu den Bahnen: das Fabric zwischen den Nodes. Farbig und dicker, wo der Traffic der gewählten Gruppe läuft. Zeigen Sie auf eine GPU, um alle ihre Gruppen zu sehen.</translation>
    </message>
    <message>
        <source>What if</source>
        <translation>Was wäre, wenn</translation>
    </message>
    <message>
        <source>Traffic per training step is shown for training designs.</source>
        <translation>Traffic pro Trainingsschritt wird für Trainings-Designs angezeigt.</translation>
    </message>
    <message>
        <source>Traffic needs a valid model and a GPU for every rank.</source>
        <translation>Für den Traffic braucht es ein gültiges Modell und eine GPU für jeden Rank.</translation>
    </message>
    <message>
        <source>NVLink inside the nodes</source>
        <translation>NVLink innerhalb der Nodes</translation>
    </message>
    <message>
        <source>PCIe inside the nodes</source>
        <translation>PCIe innerhalb der Nodes</translation>
    </message>
    <message>
        <source>the fabric between nodes (%1)</source>
        <translation>das Fabric zwischen den Nodes (%1)</translation>
    </message>
    <message>
        <source>All GPUs per step: NVLink %1 · PCIe %2 · fabric %3</source>
        <translation>Alle GPUs pro Schritt: NVLink %1 · PCIe %2 · Fabric %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: no traffic (%1 = %2).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: kein Traffic (%1 = %2).</translation>
    </message>
    <message>
        <source>%1 over %2</source>
        <translation>%1 über %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 traffic: %2 per GPU per training step&lt;/b&gt; (busiest GPU; %3) — %4.</source>
        <translation>&lt;b&gt;%1-Traffic: %2 pro GPU und Trainingsschritt&lt;/b&gt; (am stärksten belastete GPU; %3) — %4.</translation>
    </message>
    <message>
        <source>%1 of %2 TP groups span nodes: every layer&apos;s TP collectives cross the slow fabric.</source>
        <translation>%1 von %2 TP-Gruppen erstrecken sich über mehrere Nodes: Die TP-Collectives jedes Layers laufen über das langsame Fabric.</translation>
    </message>
    <message>
        <source>%1 of the TP traffic runs over the fabric.</source>
        <translation>%1 des TP-Traffics laufen über das Fabric.</translation>
    </message>
    <message>
        <source>TP=%1 runs over PCIe: every layer&apos;s all-reduce crosses PCIe. Keep TP at 1 or 2 without NVLink.</source>
        <translation>TP=%1 läuft über PCIe: Das All-Reduce jedes Layers läuft über PCIe. Halten Sie TP ohne NVLink bei 1 oder 2.</translation>
    </message>
    <message>
        <source>No placement keeps every TP group inside a node: TP must divide the GPUs per node.</source>
        <translation>Keine Platzierung hält jede TP-Gruppe innerhalb eines Nodes: TP muss die GPUs pro Node teilen.</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs in service; the layout needs %3.</source>
        <translation>%1 von %2 GPUs in Betrieb; das Layout braucht %3.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln node(s) out of service.</source>
        <translation>
            <numerusform>%Ln Node außer Betrieb.</numerusform>
            <numerusform>%Ln Nodes außer Betrieb.</numerusform>
        </translation>
    </message>
    <message>
        <source>The explicit placement no longer fits the cluster; the canvas shows the default placement.</source>
        <translation>Die explizite Platzierung passt nicht mehr zum Cluster; die Ansicht zeigt die Standardplatzierung.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s) have no GPU.</source>
        <translation>
            <numerusform>%Ln Rank hat keine GPU.</numerusform>
            <numerusform>%Ln Ranks haben keine GPU.</numerusform>
        </translation>
    </message>
    <message>
        <source>Groups losing a member: %1.</source>
        <translation>Gruppen, denen ein Mitglied fehlt: %1.</translation>
    </message>
    <message>
        <source>Every rank has a GPU.</source>
        <translation>Jeder Rank hat eine GPU.</translation>
    </message>
    <message>
        <source>Right-click a GPU or node to take it out of service or slow its link; Ctrl+Z brings it back.</source>
        <translation>Klicken Sie mit der rechten Maustaste auf eine GPU oder einen Node, um sie außer Betrieb zu nehmen oder ihre Verbindung zu verlangsamen; Strg+Z macht es rückgängig.</translation>
    </message>
    <message>
        <source>No ranks: the layout&apos;s degrees are not valid.</source>
        <translation>Keine Ranks: Die Grade des Layouts sind ungültig.</translation>
    </message>
    <message>
        <source>Rank %1 on node %2, GPU %3 · DP %4 · TP %5 · PP %6 · CP %7 · EP %8</source>
        <translation>Rank %1 auf Node %2, GPU %3 · DP %4 · TP %5 · PP %6 · CP %7 · EP %8</translation>
    </message>
    <message>
        <source>memory %1 of %2</source>
        <translation>Speicher %1 von %2</translation>
    </message>
    <message>
        <source>%1 group %2 selected: ranks %3</source>
        <translation>%1-Gruppe %2 ausgewählt: Ranks %3</translation>
    </message>
    <message>
        <source>How does %1 split?</source>
        <translation>Wie teilt %1?</translation>
    </message>
    <message>
        <source>Open the teaching view of this split (Learn menu)</source>
        <translation>Die Lernansicht zu diesem Split öffnen (Menü Lernen)</translation>
    </message>
    <message>
        <source>%1 of the EP traffic runs over the fabric.</source>
        <translation>%1 des EP-Traffics läuft über das Fabric.</translation>
    </message>
    <message>
        <source>keep EP inside nodes</source>
        <translation>EP in den Nodes halten</translation>
    </message>
    <message>
        <source>keep TP inside nodes</source>
        <translation>TP in den Nodes halten</translation>
    </message>
    <message>
        <source>Auto-place: %1</source>
        <translation>Auto-Platzierung: %1</translation>
    </message>
    <message>
        <source>Order %1: %2</source>
        <translation>Reihenfolge %1: %2</translation>
    </message>
    <message>
        <source>No smaller data-parallel degree fits the GPUs in service: the layout cannot run on them.</source>
        <translation>Kein kleinerer Datenparallel-Grad passt auf die GPUs in Betrieb: Das Layout kann auf ihnen nicht laufen.</translation>
    </message>
    <message>
        <source>Regrouped with DP %1 instead of %2 (%3 GPUs):</source>
        <translation>Neu gruppiert mit DP %1 statt %2 (%3 GPUs):</translation>
    </message>
    <message>
        <source>step %1 instead of %2, MFU %3 instead of %4.</source>
        <translation>Schritt %1 statt %2, MFU %3 statt %4.</translation>
    </message>
    <message>
        <source>%1 tokens/s instead of %2.</source>
        <translation>%1 Tokens/s statt %2.</translation>
    </message>
    <message>
        <source>It no longer fits in memory.</source>
        <translation>Es passt nicht mehr in den Speicher.</translation>
    </message>
    <message>
        <source>spread over nodes: colour = %1 (0–%2)</source>
        <translation>über Nodes verteilt: Farbe = %1 (0–%2)</translation>
    </message>
    <message>
        <source>hover a GPU to see its groups; drag it to move it; Delete removes the selection</source>
        <translation>zeigen Sie auf eine GPU, um ihre Gruppen zu sehen; ziehen Sie sie, um sie zu verschieben; Entf entfernt die Auswahl</translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation>TP-Rank</translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation>Pipeline-Stufe</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>DP-Replikat</translation>
    </message>
    <message>
        <source>CP rank (its sequence chunks)</source>
        <translation>CP-Rank (seine Sequenzabschnitte)</translation>
    </message>
    <message>
        <source>EP rank (its experts)</source>
        <translation>EP-Rank (seine Experten)</translation>
    </message>
    <message>
        <source>node %1 on %2</source>
        <translation>Node %1 mit %2</translation>
    </message>
    <message>
        <source>Slower links: %1 (the others: %2).</source>
        <translation>Langsamere Verbindungen: %1 (die übrigen: %2).</translation>
    </message>
    <message>
        <source>Step %1 instead of %2, MFU %3 instead of %4.</source>
        <translation>Schritt %1 statt %2, MFU %3 statt %4.</translation>
    </message>
    <message>
        <source>Computing what the changes cost…</source>
        <translation>Berechne, was die Änderungen kosten …</translation>
    </message>
    <message numerus="yes">
        <source> node(s)</source>
        <translation>
            <numerusform> Node</numerusform>
            <numerusform> Nodes</numerusform>
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
        <translation>, und der globale Batch von %1 teilt sich in Micro-Batches zu %2 gleichmäßig auf höchstens %3 davon auf</translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s)</source>
        <translation>
            <numerusform>%Ln Rank</numerusform>
            <numerusform>%Ln Ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln %1 group(s) of %2</source>
        <translation>
            <numerusform>%Ln %1-Gruppe mit %2</numerusform>
            <numerusform>%Ln %1-Gruppen mit je %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>groups of %Ln rank(s)</source>
        <translation>
            <numerusform>Gruppen mit je %Ln Rank</numerusform>
            <numerusform>Gruppen mit je %Ln Ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>gradient synchronisation over the %Ln rank(s) holding the same parameters</source>
        <translation>
            <numerusform>Gradient-Synchronisation über den %Ln Rank mit denselben Parametern</numerusform>
            <numerusform>Gradient-Synchronisation über die %Ln Ranks mit denselben Parametern</numerusform>
        </translation>
    </message>
    <message>
        <source>Each replica keeps its %1 (TP, PP, CP and EP stay), so the %2 in service hold %3</source>
        <translation>Jede Replica behält ihre %1 (TP, PP, CP und EP bleiben), also fassen die %2 in Betrieb %3</translation>
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
            <numerusform>%Ln Replica</numerusform>
            <numerusform>%Ln Replicas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::CollectivePanel</name>
    <message>
        <source>Collective</source>
        <translation>Collective</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>Chunks</translation>
    </message>
    <message>
        <source>1 per rank</source>
        <translation>1 pro Rank</translation>
    </message>
    <message>
        <source>How many chunks each rank&apos;s buffer is cut into. Ring, pairwise and hierarchical algorithms need a multiple of the ranks.</source>
        <translation>In wie viele Chunks der Buffer jedes Ranks geteilt wird. Ring, paarweiser Austausch und hierarchischer Algorithmus brauchen ein Vielfaches der Ranks.</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>S as nccl-tests counts it: the all-reduce buffer, the whole gathered output of an all-gather, the whole input of a reduce-scatter, the whole send buffer of an all-to-all, the message of a send.</source>
        <translation>S, wie nccl-tests es zählt: der Buffer beim All-Reduce, die ganze gesammelte Ausgabe beim All-Gather, die ganze Eingabe beim Reduce-Scatter, der ganze Sende-Buffer beim All-to-All, die Nachricht beim Senden.</translation>
    </message>
    <message>
        <source>Use my own values</source>
        <translation>Eigene Werte verwenden</translation>
    </message>
    <message>
        <source>Groups of this design</source>
        <translation>Gruppen dieses Designs</translation>
    </message>
    <message>
        <source>Choose a group to play its collective on its GPUs, with its message and links.</source>
        <translation>Wählen Sie eine Gruppe, um ihr Collective auf ihren GPUs abzuspielen, mit ihrer Nachricht und ihren Verbindungen.</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Inside a node (per rank and direction):</source>
        <translation>Innerhalb eines Nodes (pro Rank und Richtung):</translation>
    </message>
    <message>
        <source>Latency of one message (α)</source>
        <translation>Latenz einer Nachricht (α)</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>Bandbreite</translation>
    </message>
    <message>
        <source>Ranks per node</source>
        <translation>Ranks pro Node</translation>
    </message>
    <message>
        <source>all in one node</source>
        <translation>alle in einem Node</translation>
    </message>
    <message>
        <source>Between nodes:</source>
        <translation>Zwischen den Nodes:</translation>
    </message>
    <message>
        <source>Cost (α–β model)</source>
        <translation>Kosten (α-β-Modell)</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>Back to the state before the first step (Home)</source>
        <translation>Zurück zum Zustand vor dem ersten Schritt (Pos1)</translation>
    </message>
    <message>
        <source>Step back</source>
        <translation>Schritt zurück</translation>
    </message>
    <message>
        <source>One step back (Left arrow, Page Up)</source>
        <translation>Einen Schritt zurück (Pfeil nach links, Bild auf)</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Play the next step (Right arrow, Page Down)</source>
        <translation>Den nächsten Schritt abspielen (Pfeil nach rechts, Bild ab)</translation>
    </message>
    <message>
        <source>Play all steps, or pause (Space)</source>
        <translation>Alle Schritte abspielen oder anhalten (Leertaste)</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>This group has %1 ranks; the animation shows up to %2. Its time and bandwidths are on the right.</source>
        <translation>Diese Gruppe hat %1 Ranks; die Animation zeigt bis zu %2. Zeit und Bandbreiten stehen rechts.</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>Node %1</translation>
    </message>
    <message>
        <source>%1 · GPU %2</source>
        <translation>%1 · GPU %2</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>fabric</source>
        <translation>Fabric</translation>
    </message>
    <message>
        <source>one layer&apos;s activations, s·b·h·e = %1 × %2 × %3 × %4 B = %5</source>
        <translation>die Activations eines Layers, s·b·h·e = %1 × %2 × %3 × %4 B = %5</translation>
    </message>
    <message>
        <source>the gradients of one rank&apos;s model shard, %1 parameters × %2 B = %3</source>
        <translation>die Gradients des Model-Shards eines Ranks, %1 Parameter × %2 B = %3</translation>
    </message>
    <message>
        <source>the KV blocks of ring attention, one per rank: %1 × 2·(s/CP)·b·(KV heads)·d·e = %1 × 2 × %2 × %3 × %4 × %5 × %6 B = %7</source>
        <translation>die KV-Blöcke der Ring Attention, einer pro Rank: %1 × 2·(s/CP)·b·(KV-Heads)·d·e = %1 × 2 × %2 × %3 × %4 × %5 × %6 B = %7</translation>
    </message>
    <message>
        <source>the token dispatch of one MoE layer, T·k·h·e = %1 × %2 × %3 × %4 B = %5</source>
        <translation>der Token-Dispatch eines MoE-Layers, T·k·h·e = %1 × %2 × %3 × %4 B = %5</translation>
    </message>
    <message>
        <source>This group cannot be played: some of its ranks have no GPU, or a link of the design is unknown.</source>
        <translation>Diese Gruppe lässt sich nicht abspielen: Einige ihrer Ranks haben keine GPU, oder eine Verbindung des Designs ist unbekannt.</translation>
    </message>
    <message>
        <source>%1: %2
Links: %3%4</source>
        <translation>%1: %2
Verbindungen: %3%4</translation>
    </message>
    <message>
        <source>, between nodes %1</source>
        <translation>, zwischen den Nodes %1</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… %1 weitere</translation>
    </message>
    <message>
        <source>The design has no TP, DP, CP or EP group of two or more ranks.</source>
        <translation>Das Design hat keine TP-, DP-, CP- oder EP-Gruppe mit zwei oder mehr Ranks.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 %2&lt;/b&gt; on %Ln node(s). Its message: %3.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 %2&lt;/b&gt; auf %Ln Node. Ihre Nachricht: %3.</numerusform>
            <numerusform>&lt;b&gt;%1 %2&lt;/b&gt; auf %Ln Nodes. Ihre Nachricht: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Inside a node: %1 (%2, α %3).</source>
        <translation>Innerhalb eines Nodes: %1 (%2, α %3).</translation>
    </message>
    <message>
        <source>Between nodes: %1 (%2, α %3).</source>
        <translation>Zwischen den Nodes: %1 (%2, α %3).</translation>
    </message>
    <message>
        <source>The nodes hold different numbers of this group&apos;s GPUs; hops are priced as if each node held %1.</source>
        <translation>Die Nodes halten unterschiedlich viele GPUs dieser Gruppe; die Hops werden so berechnet, als hielte jeder Node %1.</translation>
    </message>
    <message>
        <source>latency %1 + transfer %2%3</source>
        <translation>Latenz %1 + Übertragung %2%3</translation>
    </message>
    <message>
        <source> + reduction %1</source>
        <translation> + Reduktion %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Time: %1&lt;/b&gt; in %Ln step(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Zeit: %1&lt;/b&gt; in %Ln Schritt</numerusform>
            <numerusform>&lt;b&gt;Zeit: %1&lt;/b&gt; in %Ln Schritten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Time: %1&lt;/b&gt;, %Ln message(s) one after another</source>
        <translation>
            <numerusform>&lt;b&gt;Zeit: %1&lt;/b&gt;, %Ln Nachricht nacheinander</numerusform>
            <numerusform>&lt;b&gt;Zeit: %1&lt;/b&gt;, %Ln Nachrichten nacheinander</numerusform>
        </translation>
    </message>
    <message>
        <source>MPICH&apos;s binomial-tree formula, which does not pipeline the chunks, gives %1.</source>
        <translation>Die Binomialbaum-Formel von MPICH, die die Chunks nicht als Pipeline überträgt, ergibt %1.</translation>
    </message>
    <message>
        <source>Algorithm bandwidth</source>
        <translation>Algorithmus-Bandbreite</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>Bus-Bandbreite</translation>
    </message>
    <message>
        <source>= S / time</source>
        <translation>= S / Zeit</translation>
    </message>
    <message>
        <source>n = %1: %2</source>
        <translation>n = %1: %2</translation>
    </message>
    <message>
        <source>= algbw × factor</source>
        <translation>= algbw × Faktor</translation>
    </message>
    <message>
        <source>Why they differ: an all-reduce moves 2(n−1)/n of the buffer over each rank&apos;s link, so busbw is what a link carried, comparable with its %1 at any rank count.</source>
        <translation>Warum sie sich unterscheiden: Ein All-Reduce bewegt 2(n−1)/n des Buffers über die Verbindung jedes Ranks; busbw ist also, was eine Verbindung getragen hat, vergleichbar mit ihren %1 bei jeder Zahl von Ranks.</translation>
    </message>
    <message>
        <source>Why they differ: only the (n−1)/n of the buffer that belongs to other ranks crosses each rank&apos;s link, so busbw is what a link carried, comparable with its %1.</source>
        <translation>Warum sie sich unterscheiden: Nur die (n−1)/n des Buffers, die anderen Ranks gehören, laufen über die Verbindung jedes Ranks; busbw ist also, was eine Verbindung getragen hat, vergleichbar mit ihren %1.</translation>
    </message>
    <message>
        <source>Why they differ: each rank keeps 1/n of its send buffer and sends (n−1)/n over its link, so busbw is what a link carried, comparable with its %1.</source>
        <translation>Warum sie sich unterscheiden: Jeder Rank behält 1/n seines Sende-Buffers und sendet (n−1)/n über seine Verbindung; busbw ist also, was eine Verbindung getragen hat, vergleichbar mit ihren %1.</translation>
    </message>
    <message>
        <source>They are the same: the whole message crosses the link once (%1).</source>
        <translation>Beide sind gleich: Die ganze Nachricht läuft einmal über die Verbindung (%1).</translation>
    </message>
    <message>
        <source>&lt;b&gt;This group crosses the fabric&lt;/b&gt; (%1). The same collective inside one node over %2 would take %3: the fabric makes it %4× slower.</source>
        <translation>&lt;b&gt;Diese Gruppe läuft über das Fabric&lt;/b&gt; (%1). Dasselbe Collective innerhalb eines Nodes über %2 bräuchte %3: Das Fabric macht es %4× langsamer.</translation>
    </message>
    <message>
        <source>This group stays inside one node, on %1.</source>
        <translation>Diese Gruppe bleibt innerhalb eines Nodes, auf %1.</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Noch einmal</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>every rank ends up with the sum of all ranks&apos; tensors.</source>
        <translation>Jeder Rank erhält am Ende die Summe der Tensoren aller Ranks.</translation>
    </message>
    <message>
        <source>every rank ends up with the shards of all ranks.</source>
        <translation>Jeder Rank erhält am Ende die Shards aller Ranks.</translation>
    </message>
    <message>
        <source>every rank ends up with the sum of one shard, its own.</source>
        <translation>Jeder Rank erhält am Ende die Summe eines Shards, seines eigenen.</translation>
    </message>
    <message>
        <source>every rank sends every other rank a different piece.</source>
        <translation>Jeder Rank sendet jedem anderen Rank ein anderes Teilstück.</translation>
    </message>
    <message>
        <source>rank %1 sends its tensor to exactly one other rank, %2.</source>
        <translation>Rank %1 sendet seinen Tensor an genau einen anderen Rank, %2.</translation>
    </message>
    <message>
        <source>every rank sends its tensor to the next rank.</source>
        <translation>Jeder Rank sendet seinen Tensor an den nächsten Rank.</translation>
    </message>
    <message>
        <source>Before: each of the %1 ranks holds only its own shard (one column per rank, one cell per chunk).</source>
        <translation>Vorher: Jeder der %1 Ranks hält nur seinen eigenen Shard (eine Spalte pro Rank, eine Zelle pro Chunk).</translation>
    </message>
    <message>
        <source>Before: each of the %1 ranks holds one piece for every rank (&quot;2.1&quot; is rank 2&apos;s piece for rank 1).</source>
        <translation>Vorher: Jeder der %1 Ranks hält ein Teilstück für jeden Rank („2.1“ ist das Teilstück von Rank 2 für Rank 1).</translation>
    </message>
    <message>
        <source>Before: each of the %1 ranks holds its own tensor, cut into %2 chunks (one column per rank, one cell per chunk).</source>
        <translation>Vorher: Jeder der %1 Ranks hält seinen eigenen Tensor, geteilt in %2 Chunks (eine Spalte pro Rank, eine Zelle pro Chunk).</translation>
    </message>
    <message>
        <source>%1 Goal: %2</source>
        <translation>%1 Ziel: %2</translation>
    </message>
    <message>
        <source>rank %1 sends chunk %2 to rank %3</source>
        <translation>Rank %1 sendet Chunk %2 an Rank %3</translation>
    </message>
    <message>
        <source>rank %1 sends chunks %2 to rank %3</source>
        <translation>Rank %1 sendet die Chunks %2 an Rank %3</translation>
    </message>
    <message>
        <source>, … (%1 links at once)</source>
        <translation>, … (%1 Verbindungen gleichzeitig)</translation>
    </message>
    <message>
        <source>partial sums go up the trees and are added, finished sums come down and are copied</source>
        <translation>Teilsummen steigen die Bäume hinauf und werden addiert, fertige Summen kommen herab und werden kopiert</translation>
    </message>
    <message>
        <source>each receiver adds it to its own part</source>
        <translation>jeder Empfänger addiert ihn zu seinem eigenen Teil</translation>
    </message>
    <message>
        <source>each receiver keeps a copy</source>
        <translation>jeder Empfänger behält eine Kopie</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3: %4; %5.</source>
        <translation>Schritt %1 von %2 · %3: %4; %5.</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>Fertig: %1</translation>
    </message>
    <message>
        <source>all-gather and reduce-scatter (sequence parallel)</source>
        <translation>All-Gather und Reduce-Scatter (Sequence Parallelism)</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln group(s) of %2 · %3</source>
        <translation>
            <numerusform>%1: %Ln Gruppe zu %2 · %3</numerusform>
            <numerusform>%1: %Ln Gruppen zu je %2 · %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Copies %1</source>
        <translation>Kopien %1</translation>
    </message>
    <message numerus="yes">
        <source>DualPipe copies: %Ln pair(s) r, PP−1−r · %1</source>
        <translation>
            <numerusform>DualPipe-Kopien: %Ln Paar r, PP−1−r · %1</numerusform>
            <numerusform>DualPipe-Kopien: %Ln Paare r, PP−1−r · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>DualPipe&apos;s sum of both copies of two stages, the rank&apos;s ZeRO partition of their gradients: %1 parameters × %2 B = %3</source>
        <translation>DualPipes Summe beider Kopien zweier Stufen, die ZeRO-Partition des Rangs an ihren Gradienten: %1 Parameter × %2 B = %3</translation>
    </message>
    <message>
        <source>DualPipe&apos;s sum of both copies of two stages, their gradients: %1 parameters × %2 B = %3</source>
        <translation>DualPipes Summe beider Kopien zweier Stufen, ihre Gradienten: %1 Parameter × %2 B = %3</translation>
    </message>
    <message numerus="yes">
        <source>Embedding copies: %Ln pair(s) of the first and last stage · %1</source>
        <translation>
            <numerusform>Embedding-Kopien: %Ln Paar aus erster und letzter Stage · %1</numerusform>
            <numerusform>Embedding-Kopien: %Ln Paare aus erster und letzter Stage · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>the first and last stage&apos;s sum of the word embedding&apos;s two copies, the rank&apos;s FSDP shard of its gradient: %1 parameters × %2 B = %3</source>
        <translation>die Summe der beiden Kopien des Wort-Embeddings auf erster und letzter Stage, der FSDP-Shard des Ranks an seinem Gradienten: %1 Parameter × %2 B = %3</translation>
    </message>
    <message>
        <source>the first and last stage&apos;s sum of the word embedding&apos;s two copies, its gradient: %1 parameters × %2 B = %3</source>
        <translation>die Summe der beiden Kopien des Wort-Embeddings auf erster und letzter Stage, sein Gradient: %1 Parameter × %2 B = %3</translation>
    </message>
</context>
<context>
    <name>widgets::CollectiveView</name>
    <message>
        <source>Now: before step 1 of %1</source>
        <translation>Jetzt: vor Schritt 1 von %1</translation>
    </message>
    <message>
        <source>Now: step %1 of %2</source>
        <translation>Jetzt: Schritt %1 von %2</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>Ring shift: every rank sends to the next</source>
        <translation>Ring-Shift: Jeder Rank sendet an den nächsten</translation>
    </message>
    <message>
        <source>Ring: every rank sends to the next</source>
        <translation>Ring: Jeder Rank sendet an den nächsten</translation>
    </message>
    <message>
        <source>Double binary tree: each tree carries half the chunks</source>
        <translation>Doppelter Binärbaum: Jeder Baum trägt die Hälfte der Chunks</translation>
    </message>
    <message>
        <source>Pairwise: in each step every rank swaps with one partner</source>
        <translation>Paarweise: In jedem Schritt tauscht jeder Rank mit einem Partner</translation>
    </message>
    <message>
        <source>Hierarchical: rings inside each node, then across nodes</source>
        <translation>Hierarchisch: Ringe in jedem Node, dann über die Nodes</translation>
    </message>
    <message>
        <source>Direct: one rank sends to another</source>
        <translation>Direkt: Ein Rank sendet an einen anderen</translation>
    </message>
    <message>
        <source>tree 0: first half of the chunks</source>
        <translation>Baum 0: erste Hälfte der Chunks</translation>
    </message>
    <message>
        <source>tree 1: second half</source>
        <translation>Baum 1: zweite Hälfte</translation>
    </message>
    <message>
        <source>Time per step: %1 in total</source>
        <translation>Zeit pro Schritt: %1 insgesamt</translation>
    </message>
    <message>
        <source>Time per step (%1): %2 in total</source>
        <translation>Zeit pro Schritt (%1): %2 insgesamt</translation>
    </message>
    <message>
        <source>Step %1: %2 · %3</source>
        <translation>Schritt %1: %2 · %3</translation>
    </message>
    <message>
        <source>Colours: whose data a cell holds</source>
        <translation>Farben: wessen Daten eine Zelle hält</translation>
    </message>
    <message>
        <source>Stripes: the ranks summed into the chunk so far; &quot;0+2&quot; = rank 0&apos;s plus rank 2&apos;s part, &quot;3/8&quot; = 3 of 8 ranks</source>
        <translation>Streifen: die Ranks, die bisher in den Chunk summiert sind; „0+2“ = Teil von Rank 0 plus Teil von Rank 2, „3/8“ = 3 von 8 Ranks</translation>
    </message>
    <message>
        <source>Framed Σ: the sum over all ranks, the result</source>
        <translation>Gerahmtes Σ: die Summe über alle Ranks, das Ergebnis</translation>
    </message>
    <message>
        <source>&quot;2.1&quot; = chunk 1 of rank 2: each rank sends chunk j to rank j</source>
        <translation>„2.1“ = Chunk 1 von Rank 2: Jeder Rank sendet Chunk j an Rank j</translation>
    </message>
    <message>
        <source>A number names the rank the chunk came from; dashed = empty</source>
        <translation>Eine Zahl nennt den Rank, von dem der Chunk stammt; gestrichelt = leer</translation>
    </message>
    <message>
        <source>Orange: moving in this step; a &quot;+&quot; packet is added to what the receiver holds</source>
        <translation>Orange: bewegt sich in diesem Schritt; ein „+“-Paket wird zu dem addiert, was der Empfänger hält</translation>
    </message>
    <message>
        <source>Faded after: partial sums the rank does not keep</source>
        <translation>Blass im Nachher: Teilsummen, die der Rank nicht behält</translation>
    </message>
</context>
<context>
    <name>widgets::ContextRingView</name>
    <message>
        <source>&lt;b&gt;Context parallelism&lt;/b&gt; on four GPUs: %1 tokens of %2, cut into %3 chunks. Causal attention: a query sees only the keys before it (the lower triangle). Each ring step, every GPU computes its queries against one key/value block and passes the block on: %4 per send.</source>
        <translation>&lt;b&gt;Context Parallelism&lt;/b&gt; auf vier GPUs: %1 Tokens von %2, in %3 Chunks geteilt. Kausale Attention: Eine Query sieht nur die Keys vor ihr (das untere Dreieck). In jedem Ringschritt rechnet jede GPU ihre Queries gegen einen Key/Value-Block und reicht den Block weiter: %4 pro Übertragung.</translation>
    </message>
    <message>
        <source>Load-balanced: 2·CP chunks, GPU r keeps chunks r and 2·CP−1−r</source>
        <translation>Lastausgleich: 2·CP Chunks, GPU r behält die Chunks r und 2·CP−1−r</translation>
    </message>
    <message>
        <source>GPU %1: %2 M</source>
        <translation>GPU %1: %2 Mio.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ring step %1 of %2.&lt;/b&gt; Query–key pairs computed: %3.</source>
        <translation>&lt;b&gt;Ringschritt %1 von %2.&lt;/b&gt; Berechnete Query-Key-Paare: %3</translation>
    </message>
    <message>
        <source>Then every GPU sends its key/value block to the next GPU.</source>
        <translation>Dann sendet jede GPU ihren Key/Value-Block an die nächste GPU.</translation>
    </message>
    <message>
        <source>Last step: no more sends (%1 sends in all).</source>
        <translation>Letzter Schritt: keine Übertragung mehr (%1 Übertragungen insgesamt).</translation>
    </message>
    <message>
        <source>Over all steps the busiest GPU does %1× the average work%2.</source>
        <translation>Über alle Schritte leistet die am stärksten belastete GPU das %1-Fache der durchschnittlichen Arbeit%2.</translation>
    </message>
    <message>
        <source> — the balanced split evens out the causal triangle</source>
        <translation> — der ausgeglichene Split gleicht das kausale Dreieck aus</translation>
    </message>
    <message>
        <source> — with contiguous chunks the GPU holding the end of the sequence works most</source>
        <translation> — mit zusammenhängenden Chunks arbeitet die GPU mit dem Ende der Sequenz am meisten</translation>
    </message>
    <message>
        <source>keys →</source>
        <translation>Keys →</translation>
    </message>
    <message>
        <source>queries →</source>
        <translation>Queries →</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>KV of %1</source>
        <translation>KV von %1</translation>
    </message>
    <message>
        <source>Work in this step (query–key pairs)</source>
        <translation>Arbeit in diesem Schritt (Query-Key-Paare)</translation>
    </message>
    <message>
        <source>contiguous chunks</source>
        <translation>zusammenhängende Abschnitte</translation>
    </message>
</context>
<context>
    <name>widgets::DesignSummary</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 parameters</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 Parameter</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>, davon %1 aktiv pro Token</translation>
    </message>
    <message>
        <source>embedding %1</source>
        <translation>Embedding %1</translation>
    </message>
    <message>
        <source>attention %1</source>
        <translation>Attention %1</translation>
    </message>
    <message>
        <source>MLP %1</source>
        <translation>MLP %1</translation>
    </message>
    <message>
        <source>experts %1</source>
        <translation>Experts %1</translation>
    </message>
    <message>
        <source>output head %1</source>
        <translation>Output-Head %1</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>ans Embedding gekoppelt</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>Reihenfolge %1</translation>
    </message>
    <message>
        <source>no ZeRO</source>
        <translation>ohne ZeRO</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>Sequence Parallelism</translation>
    </message>
    <message>
        <source>%1 schedule</source>
        <translation>Schedule %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 × %2 GPUs&lt;/b&gt; %3</source>
        <translation>&lt;b&gt;%1 × %2 GPUs&lt;/b&gt; %3</translation>
    </message>
    <message>
        <source>%1 inside nodes</source>
        <translation>%1 innerhalb der Nodes</translation>
    </message>
    <message>
        <source>%1 between nodes</source>
        <translation>%1 zwischen den Nodes</translation>
    </message>
    <message>
        <source>&lt;b&gt;Training&lt;/b&gt;: global batch %1 × %2 tokens</source>
        <translation>&lt;b&gt;Training&lt;/b&gt;: globaler Batch %1 × %2 Tokens</translation>
    </message>
    <message>
        <source>the batch does not divide into micro-batches</source>
        <translation>der Batch lässt sich nicht in Micro-Batches aufteilen</translation>
    </message>
    <message>
        <source>visible communication per step: all-reduce %1, all-gather %2, reduce-scatter %3, all-to-all %4, point-to-point %5 · data-parallel sync after the pipeline %6 · optimizer %7</source>
        <translation>sichtbare Kommunikation je Schritt: All-Reduce %1, All-Gather %2, Reduce-Scatter %3, All-to-All %4, Point-to-Point %5 · Datenparallel-Synchronisation nach der Pipeline %6 · Optimierer %7</translation>
    </message>
    <message>
        <source>Step = %1. MFU = %2. Compute efficiency %3 % of peak for this GEMM width.</source>
        <translation>Schritt = %1. MFU = %2. Recheneffizienz %3 % der Spitzenleistung bei dieser GEMM-Breite.</translation>
    </message>
    <message>
        <source>a request of %1 prompt and %2 output tokens takes %3 · each decode step reads %4 per GPU (%5)</source>
        <translation>eine Anfrage mit %1 Prompt- und %2 Ausgabe-Tokens dauert %3 · jeder Decode-Schritt liest %4 je GPU (%5)</translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation>speichergebunden</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>rechengebunden</translation>
    </message>
    <message>
        <source>Inter-token latency = %1</source>
        <translation>Latenz zwischen Tokens = %1</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation>Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>Visible communication</source>
        <translation>Sichtbare Kommunikation</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP-Überlappung</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured&lt;/b&gt; in %1</source>
        <translation>&lt;b&gt;Gemessen&lt;/b&gt; in %1</translation>
    </message>
    <message>
        <source>no step time, tokens per second, MFU or latency (File ▸ Export ▸ Measured Records… lists everything the record holds)</source>
        <translation>keine Schrittzeit, Tokens pro Sekunde, MFU oder Latenz (Datei ▸ Exportieren ▸ Messwerte… zeigt alles, was der Datensatz enthält)</translation>
    </message>
    <message>
        <source>Warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%Ln rank(s)&lt;/b&gt; = %1</source>
        <translation>
            <numerusform>&lt;b&gt;%Ln Rank&lt;/b&gt; = %1</numerusform>
            <numerusform>&lt;b&gt;%Ln Ranks&lt;/b&gt; = %1</numerusform>
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
            <numerusform>in %Ln Node</numerusform>
            <numerusform>in %Ln Nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln micro-batch(es) of %1 per pipeline and step</source>
        <translation>
            <numerusform>%Ln Micro-Batch zu %1 je Pipeline und Schritt</numerusform>
            <numerusform>%Ln Micro-Batches zu %1 je Pipeline und Schritt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Serving&lt;/b&gt;: %Ln sequence(s) of %1 tokens per replica</source>
        <translation>
            <numerusform>&lt;b&gt;Serving&lt;/b&gt;: %Ln Sequenz mit %1 Tokens je Replikat</numerusform>
            <numerusform>&lt;b&gt;Serving&lt;/b&gt;: %Ln Sequenzen mit %1 Tokens je Replikat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln replica(s)</source>
        <translation>
            <numerusform>%Ln Replikat</numerusform>
            <numerusform>%Ln Replikate</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The layout cannot run: %Ln error(s), see Diagnostics.</source>
        <translation>
            <numerusform>Das Layout kann nicht laufen: %Ln Fehler, siehe Diagnose.</numerusform>
            <numerusform>Das Layout kann nicht laufen: %Ln Fehler, siehe Diagnose.</numerusform>
        </translation>
    </message>
    <message>
        <source>The layout does not fit in memory: it cannot run.</source>
        <translation>Das Layout passt nicht in den Speicher: Es kann nicht laufen.</translation>
    </message>
    <message>
        <source>The layout does not fit: rank %1 needs %2 but its GPU holds %3; it cannot run.</source>
        <translation>Das Layout passt nicht: Rank %1 braucht %2, seine GPU fasst aber %3; es kann nicht laufen.</translation>
    </message>
    <message>
        <source>If it ran:</source>
        <translation>Wenn es liefe:</translation>
    </message>
    <message>
        <source>No step time: the figures need a layout without errors.</source>
        <translation>Keine Schrittzeit: Die Werte brauchen ein Layout ohne Fehler.</translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation>%1 an</translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation>%1 aus</translation>
    </message>
    <message numerus="yes">
        <source>Valid layout: %1 on %2, %Ln GPU(s) idle.</source>
        <translation>
            <numerusform>Gültiges Layout: %1 auf %2, %Ln GPU ungenutzt.</numerusform>
            <numerusform>Gültiges Layout: %1 auf %2, %Ln GPUs ungenutzt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s)</source>
        <translation>
            <numerusform>%Ln Rank</numerusform>
            <numerusform>%Ln Ranks</numerusform>
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
        <translation>Gültiges Layout: %1 auf %2.</translation>
    </message>
    <message>
        <source>&lt;b&gt;First token %1&lt;/b&gt; · %2 per further token · %3 tokens/s for the group (%4 × %5)</source>
        <translation>&lt;b&gt;Erstes Token %1&lt;/b&gt; · %2 je weiteres Token · %3 Tokens/s für die Gruppe (%4 × %5)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequence(s)</source>
        <translation>
            <numerusform>%Ln Sequenz</numerusform>
            <numerusform>%Ln Sequenzen</numerusform>
        </translation>
    </message>
    <message>
        <source>No step time: the pipeline runs too many operations per step to simulate (see Diagnostics).</source>
        <translation>Keine Schrittzeit: Die Pipeline führt pro Schritt zu viele Operationen aus, um sie zu simulieren (siehe Diagnose).</translation>
    </message>
    <message>
        <source>multi-token prediction %1</source>
        <translation>Multi-Token-Prediction %1</translation>
    </message>
    <message>
        <source>MFU %1 % of the BF16 peak, %2 % of FP8 (HFU %3 %)</source>
        <translation>MFU %1 % der BF16-Spitze, %2 % der FP8-Spitze (HFU %3 %)</translation>
    </message>
    <message>
        <source>MFU %1 % (HFU %2 %)</source>
        <translation>MFU %1 % (HFU %2 %)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt; · %2 tokens/s · %3 · bubble %4 %</source>
        <translation>&lt;b&gt;Schritt %1&lt;/b&gt; · %2 Tokens/s · %3 · Bubble %4 %</translation>
    </message>
    <message>
        <source>Valid layout, tight in memory: rank %1 needs %2 of %3 only with the fragmentation allowance.</source>
        <translation>Gültiges Layout, knapp im Speicher: Rank %1 braucht %2 von %3 nur mit Fragmentierungszuschlag.</translation>
    </message>
    <message>
        <source>%1, of which FSDP2&apos;s buffer copies %2</source>
        <translation>%1, davon Pufferkopien von FSDP2 %2</translation>
    </message>
    <message>
        <source>experts: EP %1 × expert TP %2 × expert DP %3</source>
        <translation>Experts: EP %1 × Expert-TP %2 × Expert-DP %3</translation>
    </message>
    <message>
        <source>in the step, the GPUs wait %1 for the host to launch MoE layers without CUDA graphs</source>
        <translation>im Schritt warten die GPUs %1 auf den Host, der die MoE-Layer ohne CUDA-Graphen startet</translation>
    </message>
</context>
<context>
    <name>widgets::DiagnosticsModel</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
</context>
<context>
    <name>widgets::DiagnosticsPanel</name>
    <message>
        <source>No problems: the layout is consistent with the model and the cluster.</source>
        <translation>Keine Probleme: Das Layout passt zum Modell und zum Cluster.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln Fehler</numerusform>
            <numerusform>%Ln Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln Warnung</numerusform>
            <numerusform>%Ln Warnungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation>
            <numerusform>%Ln Hinweis</numerusform>
            <numerusform>%Ln Hinweise</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::ExpertRoutingView</name>
    <message>
        <source>&lt;b&gt;Expert parallelism&lt;/b&gt; with %1&apos;s router: %2 tokens on %3 GPUs, %4 experts (%5 per GPU), each token goes to its top %6. Every square is a token, coloured by the experts the router chose for it.</source>
        <translation>&lt;b&gt;Expert Parallelism&lt;/b&gt; mit dem Router von %1: %2 Tokens auf %3 GPUs, %4 Experts (%5 pro GPU), jedes Token geht zu seinen Top %6. Jedes Quadrat ist ein Token, gefärbt nach den Experts, die der Router dafür gewählt hat.</translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation>Capacity Factor</translation>
    </message>
    <message>
        <source>Dropless (no capacity limit)</source>
        <translation>Dropless (keine Kapazitätsgrenze)</translation>
    </message>
    <message>
        <source>Router seed</source>
        <translation>Router-Seed</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2.&lt;/b&gt; </source>
        <translation>&lt;b&gt;Schritt %1 von %2.&lt;/b&gt; </translation>
    </message>
    <message>
        <source>&lt;b&gt;Dropless:&lt;/b&gt; every expert processes all its tokens (from %1 to %2), nothing is dropped or padded, and the work per expert varies.</source>
        <translation>&lt;b&gt;Dropless:&lt;/b&gt; Jeder Expert verarbeitet alle seine Tokens (von %1 bis %2), nichts wird verworfen oder aufgefüllt, und die Arbeit pro Expert schwankt.</translation>
    </message>
    <message>
        <source>Capacity = ⌈c × T × k / E⌉ = ⌈%1 × %2 × %3 / %4⌉ = &lt;b&gt;%5&lt;/b&gt; tokens per expert. Above it &lt;b&gt;%6 assignments are dropped&lt;/b&gt; (red: those tokens skip the expert); below it &lt;b&gt;%7 slots are padded&lt;/b&gt; (grey: computed on nothing).</source>
        <translation>Kapazität = ⌈c × T × k / E⌉ = ⌈%1 × %2 × %3 / %4⌉ = &lt;b&gt;%5&lt;/b&gt; Tokens pro Expert. Darüber werden &lt;b&gt;%6 Zuweisungen verworfen&lt;/b&gt; (rot: diese Tokens überspringen den Expert); darunter werden &lt;b&gt;%7 Plätze aufgefüllt&lt;/b&gt; (grau: Rechenarbeit auf nichts).</translation>
    </message>
    <message>
        <source>The &lt;b&gt;dispatch all-to-all&lt;/b&gt; sends every kept assignment to the GPU of its expert: %1 of %2 leave their GPU (the numbers on the lines).</source>
        <translation>Das &lt;b&gt;Dispatch-All-to-All&lt;/b&gt; sendet jede behaltene Zuweisung an die GPU ihres Experts: %1 von %2 verlassen ihre GPU (die Zahlen an den Linien).</translation>
    </message>
    <message>
        <source>The &lt;b&gt;combine all-to-all&lt;/b&gt; brings the results back to the tokens&apos; GPUs, where each token adds its experts&apos; outputs, weighted by the router. Backward repeats both all-to-alls.</source>
        <translation>Das &lt;b&gt;Combine-All-to-All&lt;/b&gt; bringt die Ergebnisse zu den GPUs der Tokens zurück, wo jedes Token die Outputs seiner Experts addiert, gewichtet vom Router. Der Backward-Pass wiederholt beide All-to-Alls.</translation>
    </message>
    <message>
        <source>GPU %1: tokens</source>
        <translation>GPU %1: Tokens</translation>
    </message>
    <message>
        <source>GPU %1: experts</source>
        <translation>GPU %1: Experts</translation>
    </message>
    <message>
        <source>expert %1</source>
        <translation>Expert %1</translation>
    </message>
    <message>
        <source>E%1: %2</source>
        <translation>E%1: %2</translation>
    </message>
    <message>
        <source>E%1: %2, −%3</source>
        <translation>E%1: %2, −%3</translation>
    </message>
    <message>
        <source>capacity %1</source>
        <translation>Kapazität %1</translation>
    </message>
    <message>
        <source>↓ dispatch: %1</source>
        <translation>↓ Dispatch: %1</translation>
    </message>
    <message>
        <source>↑ combine: %1</source>
        <translation>↑ Combine: %1</translation>
    </message>
    <message>
        <source>dropless routing</source>
        <translation>Routing ohne Verwerfen</translation>
    </message>
    <message numerus="yes">
        <source>The router picks %Ln expert(s) for each token: %1 assignments, counted per expert below. They are not even: expert %2 got %3, expert %4 only %5.</source>
        <translation>
            <numerusform>Der Router wählt für jedes Token %Ln Expert: %1 Zuweisungen, unten je Expert gezählt. Sie sind ungleich: Expert %2 bekam %3, Expert %4 nur %5.</numerusform>
            <numerusform>Der Router wählt für jedes Token %Ln Experts: %1 Zuweisungen, unten je Expert gezählt. Sie sind ungleich: Expert %2 bekam %3, Expert %4 nur %5.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::ExplanationDialog</name>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
</context>
<context>
    <name>widgets::LayoutInspector</name>
    <message>
        <source>GPipe (all forward, then all backward)</source>
        <translation>GPipe (erst alle Forward-, dann alle Backward-Passes)</translation>
    </message>
    <message>
        <source>1F1B (one forward, one backward)</source>
        <translation>1F1B (abwechselnd ein Forward, ein Backward)</translation>
    </message>
    <message>
        <source>Interleaved 1F1B (virtual stages)</source>
        <translation>Interleaved 1F1B (virtuelle Stages)</translation>
    </message>
    <message>
        <source>ZB-H1 (zero bubble, split backward)</source>
        <translation>ZB-H1 (Zero Bubble, geteilter Backward-Pass)</translation>
    </message>
    <message>
        <source>ZB-V (zero bubble, V-shaped)</source>
        <translation>ZB-V (Zero Bubble, V-förmig)</translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation>DualPipeV</translation>
    </message>
    <message>
        <source>DualPipe (bidirectional, 2× parameters)</source>
        <translation>DualPipe (bidirektional, 2× Parameter)</translation>
    </message>
    <message>
        <source>None (keep all activations)</source>
        <translation>Keine (alle Activations behalten)</translation>
    </message>
    <message>
        <source>Full (keep only layer inputs)</source>
        <translation>Vollständig (nur Layer-Eingaben behalten)</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>Serving</translation>
    </message>
    <message>
        <source>Megatron BF16, FP32 gradients (2 + 4 + 12 bytes)</source>
        <translation>Megatron BF16, FP32-Gradients (2 + 4 + 12 Byte)</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP8 weights</source>
        <translation>FP8-Weights</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>SGD mit Momentum</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Nichts</translation>
    </message>
    <message>
        <source>Optimizer to CPU</source>
        <translation>Optimizer in CPU-Speicher</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>Carved out of DP × CP (Megatron)</source>
        <translation>Aus DP × CP gebildet (Megatron)</translation>
    </message>
    <message>
        <source>0 — replicate everything (DDP)</source>
        <translation>0 — alles replizieren (DDP)</translation>
    </message>
    <message>
        <source>1 — shard optimizer states</source>
        <translation>1 — Optimizer State sharden</translation>
    </message>
    <message>
        <source>2 — shard gradients too</source>
        <translation>2 — auch Gradients sharden</translation>
    </message>
    <message>
        <source>3 — shard parameters too (FSDP)</source>
        <translation>3 — auch Parameter sharden (FSDP)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>Parallel-Layout</translation>
    </message>
    <message>
        <source>Batch and pipeline</source>
        <translation>Batch und Pipeline</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>GPUs pro Node</translation>
    </message>
    <message>
        <source>Inside a node</source>
        <translation>Im Node</translation>
    </message>
    <message>
        <source>Custom architecture.</source>
        <translation>Eigene Architektur.</translation>
    </message>
    <message>
        <source>Changed from the preset.</source>
        <translation>Gegenüber der Vorlage geändert.</translation>
    </message>
    <message>
        <source>Not modelled yet: %1</source>
        <translation>Noch nicht modelliert: %1</translation>
    </message>
    <message>
        <source>The nodes differ; changing the shape here rebuilds every node alike.</source>
        <translation>Die Nodes unterscheiden sich; eine Änderung der Form hier baut alle Nodes einheitlich neu auf.</translation>
    </message>
    <message>
        <source>World size %1 = %2</source>
        <translation>World Size %1 = %2</translation>
    </message>
    <message>
        <source>Own dimension: world × EP (reference article)</source>
        <translation>Eigene Dimension: World × EP (Quellartikel)</translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation>eine pro GPU</translation>
    </message>
    <message>
        <source>BF16 mixed (bytes as the framework keeps them)</source>
        <translation>BF16 gemischt (Bytes, wie das Framework sie hält)</translation>
    </message>
    <message>
        <source>Parameters and optimizer to CPU</source>
        <translation>Parameter und Optimizer in CPU-Speicher</translation>
    </message>
    <message>
        <source>Auto (from the layout)</source>
        <translation>Auto (nach Layout)</translation>
    </message>
    <message>
        <source>Megatron-Core</source>
        <translation>Megatron-Core</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>PyTorch FSDP2 / DDP</source>
        <translation>PyTorch FSDP2 / DDP</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>Host RAM per node (GiB)</source>
        <translation>Host-RAM pro Node (GiB)</translation>
    </message>
    <message>
        <source>from the GPU type</source>
        <translation>vom GPU-Typ</translation>
    </message>
    <message>
        <source>The CPU memory of every node, which offloaded optimizer states and parameters need; 0: the GPUs&apos; vendor reference system (DGX H100: 2 TB)</source>
        <translation>Der CPU-Speicher jedes Nodes, den ausgelagerte Optimiererzustände und Parameter brauchen; 0: das Referenzsystem des GPU-Herstellers (DGX H100: 2 TB)</translation>
    </message>
    <message>
        <source>FP16 mixed, loss scaling (16-bit gradients)</source>
        <translation>FP16 gemischt, Loss Scaling (16-Bit-Gradients)</translation>
    </message>
    <message>
        <source>Delayed scaling (amax history)</source>
        <translation>Verzögerte Skalierung (amax-Verlauf)</translation>
    </message>
    <message>
        <source>Current scaling per tensor</source>
        <translation>Aktuelle Skalierung pro Tensor</translation>
    </message>
    <message>
        <source>MXFP8 blocks of 32 (Blackwell)</source>
        <translation>MXFP8, Blöcke zu 32 (Blackwell)</translation>
    </message>
    <message>
        <source>Blockwise, 128-value blocks</source>
        <translation>Blockweise, Blöcke zu 128 Werten</translation>
    </message>
    <message>
        <source>every layer</source>
        <translation>jeder Layer</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Selective (the framework&apos;s own)</source>
        <translation>Selektiv (die des Frameworks)</translation>
    </message>
    <message>
        <source>Fastest published</source>
        <translation>Schnellster veröffentlichter</translation>
    </message>
    <message>
        <source>FlashAttention-2 (SDPA)</source>
        <translation>FlashAttention-2 (SDPA)</translation>
    </message>
    <message>
        <source>BF16 (Megatron-Core&apos;s precision-aware optimizer)</source>
        <translation>BF16 (präzisionsbewusster Optimizer von Megatron-Core)</translation>
    </message>
    <message>
        <source>FP16 (Megatron-Core&apos;s precision-aware optimizer)</source>
        <translation>FP16 (präzisionsbewusster Optimizer von Megatron-Core)</translation>
    </message>
    <message>
        <source>None (every kernel launched)</source>
        <translation>Keine (jeder Kernel einzeln gestartet)</translation>
    </message>
    <message>
        <source>Per layer (Transformer Engine)</source>
        <translation>Je Schicht (Transformer Engine)</translation>
    </message>
    <message>
        <source>Whole iteration</source>
        <translation>Ganze Iteration</translation>
    </message>
    <message>
        <source>All-to-all (a copy per expert)</source>
        <translation>All-to-All (eine Kopie je Experte)</translation>
    </message>
    <message>
        <source>DeepEP (a copy per GPU and node)</source>
        <translation>DeepEP (eine Kopie je GPU und Knoten)</translation>
    </message>
    <message>
        <source>HybridEP (a copy per GPU and node)</source>
        <translation>HybridEP (eine Kopie je GPU und Knoten)</translation>
    </message>
</context>
<context>
    <name>widgets::LessonView</name>
    <message>
        <source>Key: %1</source>
        <translation>Taste: %1</translation>
    </message>
</context>
<context>
    <name>widgets::MemoryBars</name>
    <message>
        <source>GB per GPU</source>
        <translation>GB pro GPU</translation>
    </message>
    <message>
        <source>Over capacity</source>
        <translation>Über der Kapazität</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>Stage %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>Node %1</translation>
    </message>
    <message>
        <source>rank, grouped by node</source>
        <translation>Rank, nach Node gruppiert</translation>
    </message>
    <message>
        <source>GPUs by node</source>
        <translation>GPUs nach Node</translation>
    </message>
    <message>
        <source>one bar per pipeline stage (× ranks)</source>
        <translation>ein Balken pro Pipeline-Stage (× Ranks)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pipeline stage %1&lt;/b&gt; — %2 ranks alike (first: rank %3)</source>
        <translation>&lt;b&gt;Pipeline-Stage %1&lt;/b&gt; — %2 gleiche Ranks (erster: Rank %3)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rank %1&lt;/b&gt; — pipeline stage %2</source>
        <translation>&lt;b&gt;Rank %1&lt;/b&gt; — Pipeline-Stage %2</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Capacity %1: %2</source>
        <translation>Kapazität %1: %2</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>%1 of optimizer states offloaded to CPU memory</source>
        <translation>%1 Optimizer States in den CPU-Speicher ausgelagert</translation>
    </message>
    <message>
        <source>Click a segment to see where it comes from.</source>
        <translation>Klicken Sie auf ein Segment, um zu sehen, woher es kommt.</translation>
    </message>
    <message>
        <source>measured peak %1</source>
        <translation>gemessene Spitze %1</translation>
    </message>
    <message>
        <source>%1 measured %2</source>
        <translation>%1 gemessen %2</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>the strip under a bar: its pipeline stage&apos;s colour</source>
        <translation>der Streifen unter einem Balken: die Farbe seiner Pipeline-Stage</translation>
    </message>
    <message>
        <source>Over only by the fragmentation allowance</source>
        <translation>Nur um den Fragmentierungszuschlag darüber</translation>
    </message>
    <message>
        <source>tight: without the fragmentation allowance %1</source>
        <translation>knapp: ohne den Fragmentierungszuschlag %1</translation>
    </message>
</context>
<context>
    <name>widgets::MemoryPanel</name>
    <message>
        <source>Every GPU</source>
        <translation>Jede GPU</translation>
    </message>
    <message>
        <source>One bar per GPU, grouped by node; off: one bar per pipeline stage, standing for all ranks alike</source>
        <translation>Ein Balken pro GPU, nach Node gruppiert; aus: ein Balken pro Pipeline-Stage für alle gleichen Ranks</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>Gleichzeitige Sequenzen</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>KV-Cache-Typ</translation>
    </message>
    <message>
        <source>No memory figures: fix the errors in the design first.</source>
        <translation>Keine Speicherwerte: Beheben Sie zuerst die Fehler im Design.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Peak: rank %1 needs %2 of %3&lt;/b&gt; (pipeline stage %4).</source>
        <translation>&lt;b&gt;Spitze: Rank %1 braucht %2 von %3&lt;/b&gt; (Pipeline-Stage %4).</translation>
    </message>
    <message>
        <source>Every GPU fits, with the reserve kept free.</source>
        <translation>Jede GPU passt, die Reserve bleibt frei.</translation>
    </message>
    <message>
        <source>%1 of rank %2</source>
        <translation>%1 von Rank %2</translation>
    </message>
    <message>
        <source>How does ZeRO/FSDP split?</source>
        <translation>Wie teilt ZeRO/FSDP?</translation>
    </message>
    <message>
        <source>Open the teaching view of sharded data parallelism (Learn menu)</source>
        <translation>Öffnet die Lehransicht der geshardeten Datenparallelität (Menü Lernen)</translation>
    </message>
    <message>
        <source>KV cache per sequence</source>
        <translation>KV-Cache pro Sequenz</translation>
    </message>
    <message>
        <source>Concurrent sequences that fit</source>
        <translation>Gleichzeitige Sequenzen, die passen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s) do not fit.</source>
        <translation>
            <numerusform>%Ln Rank passt nicht.</numerusform>
            <numerusform>%Ln Ranks passen nicht.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;As %1 states it at start-up: %2 × %3 = %4 usable; weights %5, non-torch memory %6, activation peak %7; the KV cache gets %8 = %9 blocks of %10 tokens.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Wie %1 es beim Start ausgibt: %2 × %3 = %4 nutzbar; Gewichte %5, Speicher außerhalb von PyTorch %6, Aktivierungsspitze %7; der KV-Cache erhält %8 = %9 Blöcke zu %10 Tokens.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;KV cache per sequence of %1 tokens: &lt;a href=&apos;kvBytesPerSequence&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt; on the fullest GPU.&lt;/p&gt;&lt;p&gt;At most &lt;a href=&apos;maxConcurrentSequences&apos;&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/a&gt; fit per replica next to the weights and the workspace; the design asks for %4.&lt;/p&gt;&lt;p&gt;%5 serve %6 at once.&lt;/p&gt;</source>
        <translation>&lt;p&gt;KV-Cache je Sequenz von %1 Tokens: &lt;a href=&apos;kvBytesPerSequence&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt; auf der vollsten GPU.&lt;/p&gt;&lt;p&gt;Höchstens &lt;a href=&apos;maxConcurrentSequences&apos;&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/a&gt; passen je Replica neben die Weights und den Workspace; das Design verlangt %4.&lt;/p&gt;&lt;p&gt;%5 bedienen %6 gleichzeitig.&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%Ln sequence(s)</source>
        <translation>
            <numerusform>%Ln Sequenz</numerusform>
            <numerusform>%Ln Sequenzen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln replica(s)</source>
        <translation>
            <numerusform>%Ln Replica</numerusform>
            <numerusform>%Ln Replicas</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown RAM</source>
        <translation>unbekannter RAM</translation>
    </message>
    <message>
        <source>Host memory per node: nothing offloaded (%1 per node).</source>
        <translation>Hauptspeicher pro Node: nichts ausgelagert (%1 pro Node).</translation>
    </message>
    <message>
        <source>Host memory per node: &lt;a href=&apos;hostMemory&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/a&gt; of %2 (what is offloaded, with its pinned buffers).</source>
        <translation>Hauptspeicher pro Node: &lt;a href=&apos;hostMemory&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/a&gt; von %2 (Ausgelagertes mit seinen gepinnten Puffern).</translation>
    </message>
    <message numerus="yes">
        <source>%Ln node(s) need more than their RAM.</source>
        <translation>
            <numerusform>%Ln Node braucht mehr als seinen RAM.</numerusform>
            <numerusform>%Ln Nodes brauchen mehr als ihren RAM.</numerusform>
        </translation>
    </message>
    <message>
        <source>Host memory per node</source>
        <translation>Hauptspeicher pro Node</translation>
    </message>
    <message>
        <source>Host memory per node: &lt;a href=&apos;hostMemory&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/a&gt; of %2 (the asynchronous checkpoint&apos;s staging, and what is offloaded with its pinned buffers).</source>
        <translation>Hauptspeicher pro Node: &lt;a href=&apos;hostMemory&apos;&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/a&gt; von %2 (Staging des asynchronen Checkpoints sowie Ausgelagertes mit seinen gepinnten Puffern).</translation>
    </message>
    <message numerus="yes">
        <source>%Ln rank(s) tight: over only by the fragmentation allowance (see Diagnostics).</source>
        <translation>
            <numerusform>%Ln Rank knapp: nur um den Fragmentierungszuschlag darüber (siehe Diagnose).</numerusform>
            <numerusform>%Ln Ranks knapp: nur um den Fragmentierungszuschlag darüber (siehe Diagnose).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::MlpSplitView</name>
    <message>
        <source>&lt;b&gt;Tensor parallelism inside one MLP&lt;/b&gt; of %1 on two GPUs (Megatron-LM): %2 tokens, hidden size h = %3, MLP width f = %4%5. Weights per GPU: %6 instead of %7.</source>
        <translation>&lt;b&gt;Tensor Parallelism innerhalb eines MLP&lt;/b&gt; von %1 auf zwei GPUs (Megatron-LM): %2 Tokens, Hidden-Dimension h = %3, MLP-Breite f = %4%5. Weights pro GPU: %6 statt %7.</translation>
    </message>
    <message>
        <source> (SwiGLU: A holds the gate and up projections, 2f columns)</source>
        <translation> (SwiGLU: A enthält Gate- und Up-Projektion, 2f Spalten)</translation>
    </message>
    <message>
        <source>Sequence parallelism (all-gather before, reduce-scatter after)</source>
        <translation>Sequence Parallelism (All-Gather davor, Reduce-Scatter danach)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2.&lt;/b&gt; </source>
        <translation>&lt;b&gt;Schritt %1 von %2.&lt;/b&gt; </translation>
    </message>
    <message>
        <source>With sequence parallelism each GPU holds only %1 of X (%2 tokens). An all-gather builds the whole X (%3) on both GPUs, sending %4 per GPU.</source>
        <translation>Mit Sequence Parallelism hält jede GPU nur %1 von X (%2 Tokens). Ein All-Gather baut das ganze X (%3) auf beiden GPUs auf und sendet dabei %4 pro GPU.</translation>
    </message>
    <message>
        <source>Both GPUs hold the same input X (%1: tokens × hidden).</source>
        <translation>Beide GPUs halten denselben Input X (%1: Tokens × Hidden).</translation>
    </message>
    <message>
        <source>The first weight matrix A (%1) is cut by &lt;b&gt;columns&lt;/b&gt;: GPU i holds A&lt;sub&gt;i&lt;/sub&gt; (%2) and computes X·A&lt;sub&gt;i&lt;/sub&gt; (%3) on its own — no communication.</source>
        <translation>Die erste Weight-Matrix A (%1) wird nach &lt;b&gt;Spalten&lt;/b&gt; geteilt: GPU i hält A&lt;sub&gt;i&lt;/sub&gt; (%2) und berechnet X·A&lt;sub&gt;i&lt;/sub&gt; (%3) allein — ohne Kommunikation.</translation>
    </message>
    <message>
        <source>GeLU works element by element, so each GPU applies it to its own columns — still no communication. (A column cut of B instead would need the whole GeLU output on every GPU.)</source>
        <translation>GeLU arbeitet elementweise, also wendet jede GPU es auf ihre eigenen Spalten an — weiterhin ohne Kommunikation. (Ein Spalten-Split von B bräuchte dagegen den ganzen GeLU-Output auf jeder GPU.)</translation>
    </message>
    <message>
        <source>The second weight matrix B (%1) is cut by &lt;b&gt;rows&lt;/b&gt;: GPU i holds B&lt;sub&gt;i&lt;/sub&gt; (%2). Y&lt;sub&gt;i&lt;/sub&gt;·B&lt;sub&gt;i&lt;/sub&gt; is already the full output shape (%3), but only a &lt;b&gt;partial sum&lt;/b&gt;: the output is Y&lt;sub&gt;0&lt;/sub&gt;B&lt;sub&gt;0&lt;/sub&gt; + Y&lt;sub&gt;1&lt;/sub&gt;B&lt;sub&gt;1&lt;/sub&gt;.</source>
        <translation>Die zweite Weight-Matrix B (%1) wird nach &lt;b&gt;Zeilen&lt;/b&gt; geteilt: GPU i hält B&lt;sub&gt;i&lt;/sub&gt; (%2). Y&lt;sub&gt;i&lt;/sub&gt;·B&lt;sub&gt;i&lt;/sub&gt; hat schon die volle Output-Form (%3), ist aber nur eine &lt;b&gt;Teilsumme&lt;/b&gt;: Der Output ist Y&lt;sub&gt;0&lt;/sub&gt;B&lt;sub&gt;0&lt;/sub&gt; + Y&lt;sub&gt;1&lt;/sub&gt;B&lt;sub&gt;1&lt;/sub&gt;.</translation>
    </message>
    <message>
        <source>A &lt;b&gt;reduce-scatter&lt;/b&gt; adds the partial sums and leaves each GPU its own %1 tokens (%2): %3 buffer, %4 sent per GPU. Outside the MLP, LayerNorm and dropout then keep only these tokens&apos; activations: that is what sequence parallelism saves.</source>
        <translation>Ein &lt;b&gt;Reduce-Scatter&lt;/b&gt; addiert die Teilsummen und lässt jeder GPU ihre eigenen %1 Tokens (%2): %3 Buffer, %4 gesendet pro GPU. Außerhalb des MLP halten LayerNorm und Dropout dann nur die Activations dieser Tokens: Das spart Sequence Parallelism.</translation>
    </message>
    <message>
        <source>&lt;b&gt;One all-reduce&lt;/b&gt; adds the partial sums: %1 buffer, %2 sent per GPU. One all-reduce per MLP in the forward pass instead of one per matrix multiplication.</source>
        <translation>&lt;b&gt;Ein All-Reduce&lt;/b&gt; addiert die Teilsummen: %1 Buffer, %2 gesendet pro GPU. Ein All-Reduce pro MLP im Forward-Pass statt eines pro Matrixmultiplikation.</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>Z%1 (partial)</source>
        <translation>Z%1 (Teilsumme)</translation>
    </message>
    <message>
        <source>Z = Z₀ + Z₁</source>
        <translation>Z = Z₀ + Z₁</translation>
    </message>
    <message>
        <source>SwiGLU works element by element: each GPU&apos;s columns of A hold its share of both the gate and the up projection, and it multiplies silu(gate) by up on its own — still no communication. The result Y&lt;sub&gt;i&lt;/sub&gt; (%1) is half as wide as X·A&lt;sub&gt;i&lt;/sub&gt;, since gate and up pair into one column each. (A column cut of B instead would need the whole output on every GPU.)</source>
        <translation>SwiGLU arbeitet elementweise: Die Spalten von A auf jeder GPU enthalten ihren Anteil an Gate- und Up-Projektion, und sie multipliziert silu(gate) mit up für sich — weiterhin ohne Kommunikation. Das Ergebnis Y&lt;sub&gt;i&lt;/sub&gt; (%1) ist halb so breit wie X·A&lt;sub&gt;i&lt;/sub&gt;, weil Gate und Up je eine Spalte ergeben. (Ein Spaltenschnitt von B bräuchte dagegen die ganze Ausgabe auf jeder GPU.)</translation>
    </message>
    <message>
        <source>columns: %1
of %2</source>
        <translation>Spalten: %1
von %2</translation>
    </message>
    <message>
        <source>rows: %1
of %2</source>
        <translation>Zeilen: %1
von %2</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>Sequenzparallelität</translation>
    </message>
</context>
<context>
    <name>widgets::PerformancePanel</name>
    <message>
        <source>&lt;b&gt;Candidates side by side&lt;/b&gt; — pin layouts to compare fit, step time, MFU and the communication that stays visible</source>
        <translation>&lt;b&gt;Kandidaten nebeneinander&lt;/b&gt; — Layouts anheften, um Passung, Schrittzeit, MFU und die sichtbar bleibende Kommunikation zu vergleichen</translation>
    </message>
    <message>
        <source>Pin current design</source>
        <translation>Aktuelles Design anheften</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>&lt;b&gt;Mesh search&lt;/b&gt;</source>
        <translation>&lt;b&gt;Mesh-Suche&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Search every layout</source>
        <translation>Alle Layouts durchsuchen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Apply selected layout</source>
        <translation>Gewähltes Layout übernehmen</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>Micro-Batch</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Schedule</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>Recompu­tation</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>Schritt (s)</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU (%)</translation>
    </message>
    <message>
        <source>Bubble (%)</source>
        <translation>Bubble (%)</translation>
    </message>
    <message>
        <source>Visible comm. (s)</source>
        <translation>Sichtbare Komm. (s)</translation>
    </message>
    <message>
        <source>Peak memory (GB)</source>
        <translation>Spitzen­speicher (GB)</translation>
    </message>
    <message>
        <source>Why this placement</source>
        <translation>Warum diese Platzierung</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Degrees</source>
        <translation>Grade</translation>
    </message>
    <message>
        <source>Sharding, schedule, recomputation</source>
        <translation>Sharding, Schedule, Recomputation</translation>
    </message>
    <message>
        <source>Peak memory (of capacity)</source>
        <translation>Spitzenspeicher (von Kapazität)</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Schrittzeit</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens pro Sekunde</translation>
    </message>
    <message>
        <source>MFU (HFU)</source>
        <translation>MFU (HFU)</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>Pipeline-Bubble</translation>
    </message>
    <message>
        <source>Visible all-reduce</source>
        <translation>Sichtbares All-Reduce</translation>
    </message>
    <message>
        <source>Visible all-gather</source>
        <translation>Sichtbares All-Gather</translation>
    </message>
    <message>
        <source>Visible reduce-scatter</source>
        <translation>Sichtbares Reduce-Scatter</translation>
    </message>
    <message>
        <source>Visible all-to-all</source>
        <translation>Sichtbares All-to-All</translation>
    </message>
    <message>
        <source>Visible point-to-point</source>
        <translation>Sichtbares Point-to-Point</translation>
    </message>
    <message>
        <source>Data-parallel sync after the pipeline</source>
        <translation>Datenparallel-Synchronisation nach der Pipeline</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>Optimiererschritt</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Zeit bis zum ersten Token</translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation>Latenz zwischen Tokens</translation>
    </message>
    <message>
        <source>%1 of %2 — %3</source>
        <translation>%1 von %2 — %3</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>passt nicht</translation>
    </message>
    <message>
        <source>not evaluated (errors)</source>
        <translation>nicht ausgewertet (Fehler)</translation>
    </message>
    <message>
        <source>%1 (fastest)</source>
        <translation>%1 (am schnellsten)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Searching the layouts of %1 on %2 GPUs…</source>
        <translation>Durchsuche die Layouts von %1 auf %2 GPUs…</translation>
    </message>
    <message>
        <source>%1 combinations: %2 invalid, %3 do not fit, %4 fit.</source>
        <translation>%1 Kombinationen: %2 ungültig, %3 passen nicht, %4 passen.</translation>
    </message>
    <message>
        <source>Cancelled. </source>
        <translation>Abgebrochen. </translation>
    </message>
    <message>
        <source>No layout can fix the design&apos;s errors (see Diagnostics).</source>
        <translation>Kein Layout behebt die Fehler des Designs (siehe Diagnose).</translation>
    </message>
    <message>
        <source>No layout fits: add GPUs, take GPUs with more memory, or shorten the sequence or the batch.</source>
        <translation>Kein Layout passt: mehr GPUs, GPUs mit mehr Speicher, oder kürzere Sequenz bzw. kleinerer Batch.</translation>
    </message>
    <message>
        <source>Double-click a row to apply it (one undo step).</source>
        <translation>Doppelklick auf eine Zeile übernimmt sie (ein Rückgängig-Schritt).</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Mesh search</source>
        <translation>Mesh-Suche</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>Inter-token (s)</source>
        <translation>Zwischen Tokens (s)</translation>
    </message>
    <message>
        <source>First token (s)</source>
        <translation>Erstes Token (s)</translation>
    </message>
    <message>
        <source>%1 — measured</source>
        <translation>%1 — gemessen</translation>
    </message>
    <message>
        <source>Pin the reference article&apos;s two 70B layouts</source>
        <translation>Die zwei 70B-Layouts des Quellartikels anheften</translation>
    </message>
    <message>
        <source>The space holds %1 combinations; the first %2 were tried. </source>
        <translation>Der Suchraum umfasst %1 Kombinationen; die ersten %2 wurden ausprobiert. </translation>
    </message>
    <message>
        <source>No candidates yet. Press &lt;b&gt;Pin current design&lt;/b&gt; to keep the layout you are editing here, change it and pin again to compare the two; or pin the reference article&apos;s two 70B layouts. A result of the Mesh search applied to the design can be pinned the same way.</source>
        <translation>Noch keine Kandidaten. &lt;b&gt;Aktuelles Design anheften&lt;/b&gt; behält das Layout, das Sie bearbeiten, hier; ändern Sie es und heften Sie erneut an, um beide zu vergleichen, oder heften Sie die zwei 70B-Layouts des Quellartikels an. Ein übernommenes Ergebnis der Mesh-Suche lässt sich ebenso anheften.</translation>
    </message>
    <message>
        <source>Also FP8</source>
        <translation>Auch FP8</translation>
    </message>
    <message>
        <source>Also try FP8 GEMMs (Transformer Engine, torchao float8) where every GPU has FP8 tensor cores.</source>
        <translation>Auch FP8-GEMMs versuchen (Transformer Engine, torchao float8), wo jede GPU FP8-Tensorkerne hat.</translation>
    </message>
    <message>
        <source>Also CPU offload</source>
        <translation>Auch CPU-Offload</translation>
    </message>
    <message>
        <source>Also try the optimizer states (and with ZeRO-3 the parameters) in host memory, where the framework can offload them; the CPU steps the optimizer.</source>
        <translation>Auch die Optimiererzustände (mit ZeRO-3 auch die Parameter) im Hostspeicher versuchen, wo das Framework sie auslagern kann; die CPU führt den Optimiererschritt aus.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Search every layout&lt;/b&gt; lists every split of this model on this cluster that fits in memory, fastest first. &lt;b&gt;Also FP8&lt;/b&gt; and &lt;b&gt;Also CPU offload&lt;/b&gt; try those as well. Double-click a row to apply it (one undo step).</source>
        <translation>&lt;b&gt;Alle Layouts durchsuchen&lt;/b&gt; listet jede Aufteilung dieses Modells auf diesem Cluster, die in den Speicher passt, die schnellste zuerst. &lt;b&gt;Auch FP8&lt;/b&gt; und &lt;b&gt;Auch CPU-Offload&lt;/b&gt; probieren diese zusätzlich. Ein Doppelklick auf eine Zeile übernimmt sie (ein Rückgängig-Schritt).</translation>
    </message>
    <message>
        <source>ZeRO stage: 0 replicates the model states, 1 shards the optimizer, 2 also the gradients, 3 (FSDP) also the weights</source>
        <translation>ZeRO-Stufe: 0 repliziert den Model State, 1 shardet den Optimizer, 2 auch die Gradients, 3 (FSDP) auch die Weights</translation>
    </message>
    <message>
        <source>Sequences per micro-batch on each pipeline</source>
        <translation>Sequenzen pro Micro-Batch in jeder Pipeline</translation>
    </message>
    <message>
        <source>Which activations are computed again in the backward pass instead of kept</source>
        <translation>Welche Activations im Backward-Pass neu berechnet statt gespeichert werden</translation>
    </message>
    <message>
        <source>Seconds between two tokens of one sequence</source>
        <translation>Sekunden zwischen zwei Tokens einer Sequenz</translation>
    </message>
    <message>
        <source>Seconds per training step (one global batch)</source>
        <translation>Sekunden pro Trainingsschritt (ein globaler Batch)</translation>
    </message>
    <message>
        <source>Seconds until a request&apos;s first token</source>
        <translation>Sekunden bis zum ersten Token einer Anfrage</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: the share of the GPUs&apos; peak the model&apos;s own FLOPs use</source>
        <translation>Model FLOPs Utilization: der Anteil der Spitzenleistung der GPUs, den die FLOPs des Modells selbst nutzen</translation>
    </message>
    <message>
        <source>Share of the step that pipeline stages wait idle</source>
        <translation>Anteil des Schritts, in dem Pipeline-Stages untätig warten</translation>
    </message>
    <message>
        <source>Communication per step that is not hidden behind computation</source>
        <translation>Kommunikation pro Schritt, die nicht hinter Rechnung verborgen ist</translation>
    </message>
    <message>
        <source>Why the degrees sit where they do; hover over a row to read it whole</source>
        <translation>Warum die Grade dort liegen, wo sie liegen; mit der Maus über einer Zeile ganz zu lesen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selektiv</translation>
    </message>
    <message>
        <source>full</source>
        <translation>voll</translation>
    </message>
    <message>
        <source>Memory of the fullest GPU in GB of 10⁹ bytes: a GPU sold as 80 GB holds 80 GiB, 85.9 GB</source>
        <translation>Speicher der vollsten GPU in GB zu 10⁹ Byte: Eine als 80 GB verkaufte GPU fasst 80 GiB, 85,9 GB</translation>
    </message>
    <message>
        <source>tight</source>
        <translation>knapp</translation>
    </message>
    <message>
        <source>Column %1 runs %2 more tokens a second per GPU than column %3.</source>
        <translation>Spalte %1 schafft %2 mehr Tokens pro Sekunde und GPU als Spalte %3.</translation>
    </message>
    <message>
        <source>Columns %1 and %2 run as many tokens a second per GPU.</source>
        <translation>Spalte %1 und Spalte %2 schaffen gleich viele Tokens pro Sekunde und GPU.</translation>
    </message>
    <message numerus="yes">
        <source>%n more layout(s) run within %1 of the fastest: published pairs of such layouts missed the model&apos;s ratio by as much, so measure them before choosing.</source>
        <translation>
            <numerusform>%n weiteres Layout liegt innerhalb von %1 des schnellsten: Veröffentlichte Paare solcher Layouts verfehlten das Verhältnis des Modells um so viel, messen Sie es also vor der Wahl.</numerusform>
            <numerusform>%n weitere Layouts liegen innerhalb von %1 des schnellsten: Veröffentlichte Paare solcher Layouts verfehlten das Verhältnis des Modells um so viel, messen Sie sie also vor der Wahl.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>widgets::ScalingPlot</name>
    <message>
        <source>weak: batch grows with the GPUs</source>
        <translation>schwach: Batch wächst mit den GPUs</translation>
    </message>
    <message>
        <source>strong: same global batch</source>
        <translation>stark: gleicher globaler Batch</translation>
    </message>
    <message>
        <source>weak efficiency</source>
        <translation>Effizienz schwach</translation>
    </message>
    <message>
        <source>strong efficiency</source>
        <translation>Effizienz stark</translation>
    </message>
    <message>
        <source>Scaling needs a training design that fits and runs: fix the diagnostics first.</source>
        <translation>Skalierung braucht ein Trainingsdesign, das passt und läuft: zuerst die Diagnosen beheben.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Scaling this layout by data parallelism.&lt;/b&gt; Efficiency = tokens/s per GPU ÷ the baseline&apos;s tokens/s per GPU.</source>
        <translation>&lt;b&gt;Dieses Layout per Datenparallelität skaliert.&lt;/b&gt; Effizienz = Tokens/s je GPU ÷ Tokens/s je GPU der Basislinie.</translation>
    </message>
    <message>
        <source>Weak: baseline DP %1 on %2 GPUs, %3 tokens/s per GPU; global batch %4 there, growing with the replicas.</source>
        <translation>Schwach: Basislinie DP %1 auf %2 GPUs, %3 Tokens/s je GPU; globaler Batch dort %4, wächst mit den Replicas.</translation>
    </message>
    <message>
        <source>Strong: baseline DP %1 on %2 GPUs, %3 tokens/s per GPU; global batch %4 throughout.</source>
        <translation>Stark: Basislinie DP %1 auf %2 GPUs, %3 Tokens/s je GPU; globaler Batch durchgehend %4.</translation>
    </message>
    <message>
        <source>Not drawn (weak): %1 GPUs — invalid or does not fit there.</source>
        <translation>Nicht gezeichnet (schwach): %1 GPUs — dort ungültig oder passt nicht.</translation>
    </message>
    <message>
        <source>GPUs, log scale (more data-parallel replicas of this layout)</source>
        <translation>GPUs, logarithmisch (mehr datenparallele Replicas dieses Layouts)</translation>
    </message>
    <message>
        <source>scaling efficiency, %, linear (dashed)</source>
        <translation>Skalierungseffizienz, %, linear (gestrichelt)</translation>
    </message>
    <message>
        <source>ideal: throughput ∝ GPUs</source>
        <translation>ideal: Durchsatz ∝ GPUs</translation>
    </message>
    <message>
        <source>tokens per second, log scale (solid)</source>
        <translation>Tokens pro Sekunde, logarithmisch (durchgezogen)</translation>
    </message>
</context>
<context>
    <name>widgets::StrategyExplorer</name>
    <message>
        <source>layers %1–%2</source>
        <translation>Layer %1–%2</translation>
    </message>
    <message>
        <source>experts %1–%2 of %3</source>
        <translation>Experts %1–%2 von %3</translation>
    </message>
    <message>
        <source>sequence part %1 of %2</source>
        <translation>Sequenzteil %1 von %2</translation>
    </message>
    <message>
        <source>¼ of every matrix</source>
        <translation>¼ jeder Matrix</translation>
    </message>
    <message>
        <source>its own micro-batches</source>
        <translation>eigene Micro-Batches</translation>
    </message>
    <message>
        <source>&lt;b&gt;Training on four GPUs:&lt;/b&gt; %1 (%2 parameters). What does each GPU store, and what does it send?</source>
        <translation>&lt;b&gt;Training auf vier GPUs:&lt;/b&gt; %1 (%2 Parameter). Was speichert jede GPU, und was sendet sie?</translation>
    </message>
    <message>
        <source>&lt;b&gt;Serving on four GPUs:&lt;/b&gt; %1 (%2 parameters). What does each GPU store, and what does it send?</source>
        <translation>&lt;b&gt;Serving auf vier GPUs:&lt;/b&gt; %1 (%2 Parameter). Was speichert jede GPU, und was sendet sie?</translation>
    </message>
    <message>
        <source>EP needs a mixture-of-experts model, so this panel uses %1.</source>
        <translation>EP braucht ein Mixture-of-Experts-Modell, deshalb verwendet dieses Feld %1.</translation>
    </message>
    <message>
        <source>No model to show.</source>
        <translation>Kein Modell zum Anzeigen.</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Workspace</translation>
    </message>
    <message>
        <source>no communication between the GPUs</source>
        <translation>keine Kommunikation zwischen den GPUs</translation>
    </message>
    <message>
        <source>all-to-all: every GPU sends to every other</source>
        <translation>All-to-All: Jede GPU sendet an jede andere</translation>
    </message>
    <message>
        <source>chain: stage to stage</source>
        <translation>Kette: von Stage zu Stage</translation>
    </message>
    <message>
        <source>ring: each GPU sends to the next</source>
        <translation>Ring: Jede GPU sendet an die nächste</translation>
    </message>
    <message>
        <source>Sends</source>
        <translation>Sendet</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Every forward pass (prefill and decode)</source>
        <translation>Jeder Forward-Pass (Prefill und Decode)</translation>
    </message>
    <message>
        <source>%1 of %2 (%3)</source>
        <translation>%1 der %2 (%3)</translation>
    </message>
    <message>
        <source>: %1 per GPU per step</source>
        <translation>: %1 pro GPU und Schritt</translation>
    </message>
    <message>
        <source>local update, no communication</source>
        <translation>lokales Update, keine Kommunikation</translation>
    </message>
    <message>
        <source>no communication</source>
        <translation>keine Kommunikation</translation>
    </message>
    <message>
        <source>A full bar is the most any layout keeps of that state on one GPU for this model. whole: a full copy · shard: a slice (a quarter) · its layers: one pipeline stage · own batch: the same state for different data · dense whole + ¼ experts: attention and norms copied, a quarter of the experts.</source>
        <translation>Ein voller Balken ist das Meiste, was ein Layout von diesem State auf einer GPU für dieses Modell hält. ganz: eine vollständige Kopie · Shard: ein Teil (ein Viertel) · eigene Layer: eine Pipeline-Stage · eigener Batch: derselbe State für andere Daten · dicht ganz + ¼ Experts: Attention und Norms kopiert, ein Viertel der Experts.</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>Automatic teaches with the design&apos;s model if it fits on four GPUs in some layout, else with the smallest dense preset.</source>
        <translation>Automatisch lehrt mit dem Modell des Designs, wenn es in irgendeinem Layout auf vier GPUs passt, sonst mit der kleinsten dichten Vorlage.</translation>
    </message>
    <message>
        <source>The design&apos;s %1 fits four GPUs in none of these layouts, so every panel would be red; %2, the smallest dense preset, shows what each split saves.</source>
        <translation>%1 aus dem Design passt in keinem dieser Layouts auf vier GPUs, jedes Feld wäre also rot; %2, die kleinste dichte Vorlage, zeigt, was jede Aufteilung spart.</translation>
    </message>
    <message>
        <source>Chosen instead of the design&apos;s %1.</source>
        <translation>Gewählt statt %1 aus dem Design.</translation>
    </message>
    <message>
        <source>Own scale: a full bar here is the most %1 keeps in any layout (weights %2); in the other panels, the most %3 keeps (weights %4). Compare the numbers, not the bar lengths.</source>
        <translation>Eigener Maßstab: Ein voller Balken ist hier das Meiste, was %1 in irgendeinem Layout hält (Gewichte %2); in den anderen Feldern das Meiste, was %3 hält (Gewichte %4). Vergleichen Sie die Zahlen, nicht die Balkenlängen.</translation>
    </message>
    <message>
        <source>Buffers, reserve</source>
        <translation>Puffer, Reserve</translation>
    </message>
</context>
<context>
    <name>widgets::TimelinePanel</name>
    <message>
        <source>&amp;Schedule</source>
        <translation>&amp;Schedule</translation>
    </message>
    <message>
        <source>&amp;Micro-batches</source>
        <translation>&amp;Micro-Batches</translation>
    </message>
    <message>
        <source>Micro-batches per pipeline and step; sets the global batch to micro-batches × micro-batch size × data-parallel replicas.</source>
        <translation>Micro-Batches pro Pipeline und Schritt; setzt den globalen Batch auf Micro-Batches × Micro-Batch-Größe × Data-Parallel-Replicas.</translation>
    </message>
    <message>
        <source>&amp;Virtual stages</source>
        <translation>&amp;Virtuelle Stages</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (interleaved 1F1B; ZB-V and DualPipeV use 2).</source>
        <translation>Model-Chunks pro Pipeline-Rank (Interleaved 1F1B; ZB-V und DualPipeV verwenden 2).</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show the whole step (double click or 0 in the chart)</source>
        <translation>Den ganzen Schritt zeigen (Doppelklick oder 0 im Diagramm)</translation>
    </message>
    <message>
        <source>Ctrl + wheel zooms, drag pans, click sets the cursor, hover explains.</source>
        <translation>Strg + Mausrad zoomt, Ziehen verschiebt, Klicken setzt den Cursor, Darüberfahren erklärt.</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>Speicher über die Zeit</translation>
    </message>
    <message>
        <source>DDP step</source>
        <translation>DDP-Schritt</translation>
    </message>
    <message>
        <source>FSDP layers</source>
        <translation>FSDP-Layer</translation>
    </message>
    <message>
        <source>Pipeline rank</source>
        <translation>Pipeline-Rank</translation>
    </message>
    <message>
        <source>A serving design runs no training step, so there is no pipeline schedule to show.</source>
        <translation>Ein Serving-Design führt keinen Trainingsschritt aus, daher gibt es keinen Pipeline-Schedule zu zeigen.</translation>
    </message>
    <message>
        <source>The timeline appears once the design has no errors (see Diagnostics).</source>
        <translation>Die Timeline erscheint, sobald das Design keine Fehler mehr hat (siehe Diagnose).</translation>
    </message>
    <message>
        <source>The pipeline runs too many operations per step to draw (see Diagnostics); fewer micro-batches or stages show one.</source>
        <translation>Die Pipeline führt pro Schritt zu viele Operationen aus, um sie zu zeichnen (siehe Diagnose); mit weniger Micro-Batches oder Stages erscheint eine.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 × %3 · step &lt;b&gt;%4&lt;/b&gt; · bubble &lt;b&gt;%5 %&lt;/b&gt; of the GPU time</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 × %3 · Schritt &lt;b&gt;%4&lt;/b&gt; · Bubble &lt;b&gt;%5 %&lt;/b&gt; der GPU-Zeit</translation>
    </message>
    <message numerus="yes">
        <source>%Ln stage(s)</source>
        <translation>
            <numerusform>%Ln Stage</numerusform>
            <numerusform>%Ln Stages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln micro-batch(es)</source>
        <translation>
            <numerusform>%Ln Micro-Batch</numerusform>
            <numerusform>%Ln Micro-Batches</numerusform>
        </translation>
    </message>
    <message>
        <source> (equal stages: (p − 1)/(m + p − 1) = %1/%2 = %3 %)</source>
        <translation> (gleiche Stages: (p − 1)/(m + p − 1) = %1/%2 = %3 %)</translation>
    </message>
    <message>
        <source> · longest idle inside one stage %1 · micro-batches in flight per stage: %2</source>
        <translation> · längster Leerlauf innerhalb einer Stage %1 · gleichzeitig gehaltene Micro-Batches pro Stage: %2</translation>
    </message>
    <message>
        <source>With one data-parallel rank there are no gradients to reduce.</source>
        <translation>Mit einem einzigen Data-Parallel-Rank gibt es keine Gradients zu reduzieren.</translation>
    </message>
    <message>
        <source>all-reduced</source>
        <translation>per All-Reduce zusammengeführt</translation>
    </message>
    <message>
        <source>reduce-scattered</source>
        <translation>per Reduce-Scatter verteilt</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Gradient buckets&lt;/b&gt; of pipeline rank %1: %Ln bucket(s) (PyTorch DDP: the first 1 MiB, then 25 MiB each), %2 over %3 data-parallel ranks in bucket order as the last backward produces them. &lt;b&gt;%4&lt;/b&gt; of %5 stays exposed after the backward.</source>
        <translation>
            <numerusform>&lt;b&gt;Gradient-Buckets&lt;/b&gt; von Pipeline-Rank %1: %Ln Bucket (PyTorch DDP: zuerst 1 MiB, dann je 25 MiB), %2 über %3 Data-Parallel-Ranks in Bucket-Reihenfolge, während der letzte Backward-Pass sie erzeugt. &lt;b&gt;%4&lt;/b&gt; von %5 bleibt nach dem Backward-Pass sichtbar.</numerusform>
            <numerusform>&lt;b&gt;Gradient-Buckets&lt;/b&gt; von Pipeline-Rank %1: %Ln Buckets (PyTorch DDP: zuerst 1 MiB, dann je 25 MiB), %2 über %3 Data-Parallel-Ranks in Bucket-Reihenfolge, während der letzte Backward-Pass sie erzeugt. &lt;b&gt;%4&lt;/b&gt; von %5 bleibt nach dem Backward-Pass sichtbar.</numerusform>
        </translation>
    </message>
    <message>
        <source>(The design shards with FSDP; this is what DDP would do.)</source>
        <translation>(Das Design shardet mit FSDP; so würde DDP arbeiten.)</translation>
    </message>
    <message>
        <source>&lt;b&gt;FSDP&lt;/b&gt; on pipeline rank %1, one micro-batch, one of %2 ranks: each layer is all-gathered before its forward (the next one prefetched), gathered again before its backward (reshard after forward), and its gradients reduce-scattered after it. &lt;b&gt;%3&lt;/b&gt; of %4 waits on communication.</source>
        <translation>&lt;b&gt;FSDP&lt;/b&gt; auf Pipeline-Rank %1, ein Micro-Batch, einer von %2 Ranks: Jeder Layer wird vor seinem Forward-Pass per All-Gather zusammengeführt (der nächste vorab), vor seinem Backward-Pass erneut (Resharding nach dem Forward-Pass), und seine Gradients werden danach per Reduce-Scatter verteilt. &lt;b&gt;%3&lt;/b&gt; von %4 wartet auf Kommunikation.</translation>
    </message>
    <message>
        <source>&lt;b&gt;FSDP&lt;/b&gt; on pipeline rank %1, one micro-batch, one of %2 ranks: each layer is all-gathered before its forward and kept until its backward (no reshard after forward: no second all-gather), its gradients reduce-scattered after it. &lt;b&gt;%3&lt;/b&gt; of %4 waits on communication.</source>
        <translation>&lt;b&gt;FSDP&lt;/b&gt; auf Pipeline-Rank %1, ein Micro-Batch, einer von %2 Ranks: Jeder Layer wird vor seinem Forward-Pass per All-Gather zusammengeführt und bis zu seinem Backward-Pass behalten (kein Resharding nach dem Forward-Pass: kein zweites All-Gather), seine Gradients werden danach per Reduce-Scatter verteilt. &lt;b&gt;%3&lt;/b&gt; von %4 wartet auf Kommunikation.</translation>
    </message>
    <message>
        <source>(The design uses ZeRO-%1; this is what FSDP would do.)</source>
        <translation>(Das Design verwendet ZeRO-%1; so würde FSDP arbeiten.)</translation>
    </message>
    <message>
        <source>Whole step (pipeline, data-parallel sync, optimizer) in %1: %2</source>
        <translation>Ganzer Schritt (Pipeline, Datenparallel-Synchronisation, Optimizer) in %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Drawn: the last of the step&apos;s %Ln micro-batch(es). Over the step each layer is all-gathered %1 times and reduce-scattered %2 times: &lt;b&gt;%3&lt;/b&gt; waits on communication per step.</source>
        <translation>
            <numerusform>Gezeigt: der letzte der %Ln Micro-Batch des Schritts. Über den Schritt wird jede Schicht %1-mal per All-Gather geholt und %2-mal per Reduce-Scatter verteilt: &lt;b&gt;%3&lt;/b&gt; pro Schritt wartet auf Kommunikation.</numerusform>
            <numerusform>Gezeigt: der letzte der %Ln Micro-Batches des Schritts. Über den Schritt wird jede Schicht %1-mal per All-Gather geholt und %2-mal per Reduce-Scatter verteilt: &lt;b&gt;%3&lt;/b&gt; pro Schritt wartet auf Kommunikation.</numerusform>
        </translation>
    </message>
    <message>
        <source>this pipeline %1</source>
        <translation>diese Pipeline %1</translation>
    </message>
    <message>
        <source>data-parallel synchronisation after it %1</source>
        <translation>datenparallele Synchronisation danach %1</translation>
    </message>
    <message>
        <source>optimizer step %1</source>
        <translation>Optimizer-Schritt %1</translation>
    </message>
    <message>
        <source>Step in the headline &lt;b&gt;%1&lt;/b&gt; = %2</source>
        <translation>Schritt in der Kopfzeile &lt;b&gt;%1&lt;/b&gt; = %2</translation>
    </message>
    <message>
        <source>DualPipe sums each stage&apos;s two copies after the backward: pipeline ranks %1 and %2 take %3, exposed.</source>
        <translation>DualPipe summiert die beiden Kopien jeder Stufe nach dem Backward: Pipeline-Ränge %1 und %2 brauchen %3, sichtbar.</translation>
    </message>
    <message>
        <source>The first and last stage sum the word embedding&apos;s two copies after the backward: pipeline ranks %1 and %2 take %3, exposed.</source>
        <translation>Erste und letzte Stage summieren nach dem Backward die beiden Kopien des Wort-Embeddings: Pipeline-Ranks %1 und %2 brauchen %3, offen.</translation>
    </message>
    <message>
        <source>The compute spans include copying each gathered layer out of the all-gather buffer and its gradients into the reduce-scatter buffer: %1.</source>
        <translation>Die Rechenabschnitte enthalten das Kopieren jedes gesammelten Layers aus dem All-Gather-Puffer und seiner Gradienten in den Reduce-Scatter-Puffer: %1.</translation>
    </message>
</context>
<context>
    <name>widgets::ZeroView</name>
    <message>
        <source>Copied on every GPU</source>
        <translation>Auf jeder GPU kopiert</translation>
    </message>
    <message>
        <source>This GPU&apos;s share of the sharded part</source>
        <translation>Anteil dieser GPU am geshardeten Teil</translation>
    </message>
    <message>
        <source>GB of model states per GPU</source>
        <translation>GB Model State pro GPU</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model states per GPU&lt;/b&gt; for %1 parameters (this rank&apos;s share of the model), sharded over N = %2 GPUs at %3 bytes per parameter. ZeRO-1 shards the optimizer states, ZeRO-2 also the gradients, ZeRO-3 (FSDP) also the weights.</source>
        <translation>&lt;b&gt;Model State pro GPU&lt;/b&gt; für %1 Parameter (der Anteil dieses Ranks am Modell), geshardet über N = %2 GPUs bei %3 Byte pro Parameter. ZeRO-1 shardet die Optimizer States, ZeRO-2 zusätzlich die Gradients, ZeRO-3 (FSDP) zusätzlich die Weights.</translation>
    </message>
    <message>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <source>GPU memory %1</source>
        <translation>GPU-Speicher %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model states per GPU&lt;/b&gt; for %1 parameters (this rank&apos;s share of the model): %2 dense, sharded over N = %3 GPUs, and %4 of experts, sharded over the N = %5 GPUs of expert data parallelism, at %6 bytes per parameter. ZeRO-1 shards the optimizer states, ZeRO-2 also the gradients, ZeRO-3 (FSDP) also the weights.</source>
        <translation>&lt;b&gt;Model State pro GPU&lt;/b&gt; für %1 Parameter (der Anteil dieses Ranks am Modell): %2 dicht, geshardet über N = %3 GPUs, und %4 Experts, geshardet über die N = %5 GPUs der Expert-Datenparallelität, bei %6 Byte pro Parameter. ZeRO-1 shardet die Optimizer States, ZeRO-2 zusätzlich die Gradients, ZeRO-3 (FSDP) zusätzlich die Weights.</translation>
    </message>
    <message>
        <source>The optimizer states are offloaded to CPU memory and left out of the bars.</source>
        <translation>Die Optimizer States sind in den CPU-Speicher ausgelagert und fehlen in den Balken.</translation>
    </message>
    <message>
        <source>With reshard_after_forward=False, ZeRO-3 keeps the weights gathered from forward to backward: they count whole.</source>
        <translation>Mit reshard_after_forward=False hält ZeRO-3 die Weights vom Forward- bis zum Backward-Pass gesammelt: Sie zählen ganz.</translation>
    </message>
</context>
</TS>
