import torch
from torch import nn
from torch.nn import functional as F


class Segmenter(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.Dropout2d(0.2))
        self.head = nn.Conv2d(8, 2, 1)

    def forward(self, x):
        return self.head(self.body(x))


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(2, 4, 3), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 1))

    def forward(self, probabilities):
        return self.net(probabilities)


def train(labeled, unlabeled, iterations: int = 1000) -> None:
    model = Segmenter()
    critic = Discriminator()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    critic_optimizer = torch.optim.Adam(critic.parameters(), lr=1e-4)
    for iteration, ((images, masks), (extra, _)) in enumerate(zip(labeled, unlabeled)):
        # the segmenter's step, the critic frozen in eval mode
        model.train()
        critic.eval()
        logits = model(images)
        adversarial = critic(logits.softmax(1)).mean()
        loss = F.cross_entropy(logits, masks) - 0.01 * adversarial
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

        # the critic's step: the segmenter only makes its inputs, in eval mode and without gradients
        model.eval()
        critic.train()
        with torch.no_grad():
            fake = model(extra).softmax(1)
            real = F.one_hot(masks, 2).permute(0, 3, 1, 2).float()
        critic_loss = F.softplus(-critic(real)).mean() + F.softplus(critic(fake)).mean()
        critic_optimizer.zero_grad()
        critic_loss.backward()
        critic_optimizer.step()
        if iteration >= iterations:
            break
