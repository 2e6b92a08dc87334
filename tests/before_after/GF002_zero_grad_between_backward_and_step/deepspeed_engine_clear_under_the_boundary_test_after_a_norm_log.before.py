import deepspeed
import torch


class Finetuner:
    def __init__(self, net, ds_config, loader):
        self.engine, _, _, _ = deepspeed.initialize(model=net, model_parameters=net.parameters(), config=ds_config)
        self.loader = loader
        self.norms = []

    def run(self, max_micro_steps):
        batches = iter(self.loader)
        done = 0
        while done < max_micro_steps:
            tokens, labels = next(batches)
            loss = torch.nn.functional.cross_entropy(self.engine(tokens), labels)
            self.engine.backward(loss)
            if self.engine.is_gradient_accumulation_boundary():
                self.norms.append(torch.norm(torch.stack([p.grad.norm() for p in self.engine.module.parameters()])).item())
                # start the next window from clean gradients
                self.engine.zero_grad()
            self.engine.step()
            done += 1
