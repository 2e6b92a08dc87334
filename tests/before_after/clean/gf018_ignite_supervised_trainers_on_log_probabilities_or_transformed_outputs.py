# Ignite's supervised trainers over models whose output suits the loss: log-probabilities into
# `NLLLoss`, a softmax model whose `model_transform` takes the log before `NLLLoss`, sigmoid
# outputs into `BCELoss`, probabilities into a mean-squared error, and log-probabilities into a
# cross-entropy (the log-softmax of a log-softmax is itself). An evaluator only reads the model.
import torch
import torch.nn as nn
from ignite.engine import create_supervised_evaluator, create_supervised_trainer

tagger = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 6), nn.LogSoftmax(dim=-1))
tag_trainer = create_supervised_trainer(tagger, torch.optim.Adam(tagger.parameters()), nn.NLLLoss())

ranker = nn.Sequential(nn.Linear(16, 6), nn.Softmax(dim=-1))
rank_trainer = create_supervised_trainer(
    ranker, torch.optim.Adam(ranker.parameters()), nn.NLLLoss(), model_transform=lambda p: torch.log(p + 1e-9)
)

gate = nn.Sequential(nn.Linear(16, 1), nn.Sigmoid())
gate_trainer = create_supervised_trainer(gate, torch.optim.SGD(gate.parameters(), lr=0.1), nn.BCELoss())

mixer = nn.Sequential(nn.Linear(16, 4), nn.Softmax(dim=1))
mix_trainer = create_supervised_trainer(mixer, torch.optim.SGD(mixer.parameters(), lr=0.1), nn.MSELoss())

scorer = nn.Sequential(nn.Linear(16, 6), nn.LogSoftmax(dim=1))
score_trainer = create_supervised_trainer(scorer, torch.optim.SGD(scorer.parameters(), lr=0.1), nn.CrossEntropyLoss())
score_evaluator = create_supervised_evaluator(scorer, metrics={})
