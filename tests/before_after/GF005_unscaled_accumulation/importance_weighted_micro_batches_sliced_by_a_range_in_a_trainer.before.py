import torch


class DiffusionTrainer:
    def __init__(self, model, diffusion, sampler, microbatch, lr):
        self.model = model
        self.diffusion = diffusion
        self.sampler = sampler
        self.microbatch = microbatch
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def run_step(self, batch):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            micro = batch[i : i + self.microbatch]
            t, weights = self.sampler.sample(micro.shape[0])
            losses = self.diffusion.training_losses(self.model, micro, t)
            loss = (losses["loss"] * weights).mean()
            loss.backward()
        self.opt.step()
