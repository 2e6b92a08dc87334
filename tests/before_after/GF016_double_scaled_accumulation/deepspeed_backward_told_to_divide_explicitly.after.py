import deepspeed
import torch.nn.functional as F

MICRO_STEPS = 8
settings = {"train_batch_size": 64, "gradient_accumulation_steps": MICRO_STEPS, "optimizer": {"type": "Adam", "params": {"lr": 3e-4}}}


def fit(net, batches):
    runner, _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=settings)
    for step, (feats, labels) in enumerate(batches):
        out = runner(feats)
        runner.backward(F.nll_loss(out, labels), scale_wrt_gas=True)
        runner.step()
