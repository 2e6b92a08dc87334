"""Correct twins of GF017's sampling_block_after_a_nested_step_that_trains_only_at_step_zero:
the nested step function switches to train mode while `updates == 0` and to eval only when the
caller asks for it (`options["frozen_norm"]`, `self.eval_dropout`: the mode chosen for the loss
it returns); the sampling block switches the model back after it, and a loop without any
evaluation leaves the mode to the option."""

import torch
from accelerate import Accelerator
from torch import nn


def fit(loader, epochs=2, every=50, is_main=True, **options):
    model = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.1), nn.Linear(32, 16))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    updates = 0

    def denoise_step(batch):
        if updates == 0:
            model.train()
        if options.get("frozen_norm", False):
            model.eval()
        noisy = batch + torch.randn_like(batch)
        return nn.functional.mse_loss(model(noisy), batch)

    for epoch in range(epochs):
        for batch in loader:
            loss = denoise_step(batch)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            updates += 1
            if updates % every == 0:
                if is_main:
                    model.eval()
                    with torch.no_grad():
                        sample = model(torch.randn(4, 16))
                    torch.save(sample, f"sample_{updates}.pt")
                    model.train()
    return model


class Trainer:
    def __init__(self, net, optimizer, data, total_steps, eval_dropout=False):
        self.accelerator = Accelerator()
        self.net, self.optimizer, self.data = self.accelerator.prepare(net, optimizer, data)
        self.total_steps = total_steps
        self.eval_dropout = eval_dropout

    def run(self):
        net, accelerator = self.net, self.accelerator
        done = 0

        def one_step(inputs, targets):
            if done == 0:
                net.train()
            if self.eval_dropout:
                net.eval()
            return nn.functional.cross_entropy(net(inputs), targets)

        batches = iter(self.data)
        while done < self.total_steps:
            inputs, targets = next(batches)
            with accelerator.accumulate(net):
                loss = one_step(inputs, targets)
                accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
            if accelerator.sync_gradients:
                done += 1
