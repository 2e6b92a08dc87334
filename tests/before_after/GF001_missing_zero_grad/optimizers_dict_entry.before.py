import torch


def train(generator, loader, epochs):
    optimizers = {
        "g": torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999)),
    }
    for _ in range(epochs):
        for noise, target in loader:
            fake = generator(noise)
            loss = torch.nn.functional.l1_loss(fake, target)
            loss.backward()
            optimizers["g"].step()
