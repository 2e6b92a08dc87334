# A DeepSpeed engine's `backward(loss, retain_graph=True)` (DeepSpeedEngine.backward hands
# `retain_graph` on to `loss.backward`) with nothing backpropagated through the graph again:
# the fix drops the flag and keeps the other keyword.
import deepspeed
import torch.nn.functional as F


def train(args, net, loader, epochs):
    model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=net, model_parameters=net.parameters())
    for _ in range(epochs):
        for tokens, labels in loader:
            logits = model_engine(tokens.to(model_engine.device))
            loss = F.cross_entropy(logits, labels.to(model_engine.device))
            model_engine.backward(loss, retain_graph=True, scale_wrt_gas=False)
            model_engine.step()
