import torch.nn.functional as F


def distill_epoch(pupil, mentor, batches, soft_crit, hard_crit, sgd, t=3.0, mix=0.4):
    pupil.train()
    mentor.eval()
    for inputs, labels in batches:
        scores = pupil(inputs)
        guide = F.softmax(mentor(inputs).detach() / t, dim=1)
        total = soft_crit(F.log_softmax(scores / t, dim=1), guide) * (1 - mix) * t * t
        total = total + hard_crit(F.softmax(scores, dim=1), labels) * mix
        sgd.zero_grad()
        total.backward()
        sgd.step()
