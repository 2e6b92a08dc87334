import torch


class TrainLoop:
    def __init__(self, model, diffusion, data, batch_size, microbatch, lr):
        self.model = model
        self.diffusion = diffusion
        self.data = data
        self.batch_size = batch_size
        self.microbatch = microbatch if microbatch > 0 else batch_size
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def run_step(self, batch, cond):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            micro = batch[i : i + self.microbatch]
            t, weights = self.sampler.sample(micro.shape[0])
            losses = self.diffusion.training_losses(self.model, micro, t)
            loss = (losses["loss"] * weights).mean()
            loss.backward()
        self.opt.step()

    def run_split(self, batch, cond):
        self.forward_backward(batch, cond)
        self.opt.step()

    def forward_backward(self, batch, cond):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            micro = batch[i : i + self.microbatch]
            loss = self.diffusion.training_losses(self.model, micro).mean()
            loss.backward()
