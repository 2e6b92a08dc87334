import torch


def train_wgan(generator, critic, opt_g, opt_c, loader, n_critic=5, clip=0.01):
    for epoch in range(100):
        for i, (real, _) in enumerate(loader):
            opt_c.zero_grad()
            fake = generator(torch.randn(real.size(0), 64))
            loss_c = critic(fake).mean() - critic(real).mean()
            loss_c.backward()
            opt_c.step()
            for p in critic.parameters():
                p.data.clamp_(-clip, clip)

            # train the generator every n_critic iterations
            if i % n_critic == 0:
                gen = generator(torch.randn(real.size(0), 64))
                loss_g = -critic(gen).mean()
                loss_g.backward()
                opt_g.step()


def train_skipping_bad_batches(model, optimizer, batches, log):
    for inputs, targets in batches:
        loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        if torch.isfinite(loss):
            loss.backward()
            optimizer.step()
        else:
            log.warning("skipping a non-finite loss")


class Trainer:
    def __init__(self, model, every):
        self.model = model
        self.every = every
        self.optimizer = torch.optim.Adam(model.parameters())

    def fit(self, stream, total_steps):
        step = 0
        while step < total_steps:
            batch = next(stream)
            step += 1
            if step % self.every == 0:
                loss = self.model(batch).mean()
                loss.backward()
                self.optimizer.step()
