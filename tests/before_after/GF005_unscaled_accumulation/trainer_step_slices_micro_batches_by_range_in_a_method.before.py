import torch
from torch import nn


class DiffusionTrainer:
    def __init__(self, denoiser, micro_batch_size=8):
        self.denoiser = denoiser
        self.micro_batch_size = micro_batch_size
        self.optimizer = torch.optim.Adam(denoiser.parameters(), lr=2e-4)
        self.criterion = nn.MSELoss()

    def run_step(self, images, noise):
        self.optimizer.zero_grad()
        for start in range(0, len(images), self.micro_batch_size):
            end = start + self.micro_batch_size
            predicted = self.denoiser(images[start:end] + noise[start:end])
            self.criterion(predicted, noise[start:end]).backward()
        self.optimizer.step()

    def train(self, batches):
        while True:
            images, noise = next(batches)
            self.run_step(images, noise)
