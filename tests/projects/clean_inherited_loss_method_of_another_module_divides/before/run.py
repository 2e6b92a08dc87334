import torch

from training.learner import ClassifierLearner

net = torch.nn.Linear(16, 3)
learner = ClassifierLearner(net, torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9))
learner.run_epoch([(torch.randn(8, 16), torch.randint(0, 3, (8,))) for _ in range(16)])
