# Two losses read one forward of the DeepSpeed engine; the first backward keeps the graph
# (`retain_graph=True`) for the second: one backward of their sum does the same work once.
import deepspeed


def train(args, net, loader):
    engine, _, _, _ = deepspeed.initialize(args=args, model=net, model_parameters=net.parameters())
    for inputs, targets, mask in loader:
        out = engine(inputs)
        recon = ((out - targets) ** 2).mean()
        masked = ((out - targets) ** 2 * mask).sum() / mask.sum()
        engine.backward(recon, retain_graph=True)
        engine.backward(masked)
        engine.step()
